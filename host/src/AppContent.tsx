import { ReferralCapture } from '@prds/shared/referral';
import { DocumentTitle } from './layout/DocumentTitle';
import { Layout } from './layout/Layout';
import { AppRoutes } from './routes/AppRoutes';

/** The shell inside its router: the same on the server (server/renderPage.tsx) and in the page (App.tsx). */
export function AppContent() {
  return (
    <>
      <DocumentTitle />
      <ReferralCapture />
      <Layout>
        <AppRoutes />
      </Layout>
    </>
  );
}
