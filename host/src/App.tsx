import { BrowserRouter } from 'react-router-dom';
import { AppProviders, ReferralCapture } from '@prds/shared';
import { RolloutAccountSync } from './federation/RolloutAccountSync';
import { DocumentTitle } from './layout/DocumentTitle';
import { Layout } from './layout/Layout';
import { AppRoutes } from './routes/AppRoutes';

export function App() {
  return (
    <AppProviders>
      <RolloutAccountSync />
      <BrowserRouter>
        <DocumentTitle />
        <ReferralCapture />
        <Layout>
          <AppRoutes />
        </Layout>
      </BrowserRouter>
    </AppProviders>
  );
}
