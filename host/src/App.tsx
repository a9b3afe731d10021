import { BrowserRouter } from 'react-router-dom';
import { AppProviders, ReferralCapture } from '@prds/shared';
import { RolloutAccountSync } from './federation/RolloutAccountSync';
import { Layout } from './layout/Layout';
import { AppRoutes } from './routes/AppRoutes';

export function App() {
  return (
    <AppProviders>
      <RolloutAccountSync />
      <BrowserRouter>
        <ReferralCapture />
        <Layout>
          <AppRoutes />
        </Layout>
      </BrowserRouter>
    </AppProviders>
  );
}
