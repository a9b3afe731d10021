// Standalone dev harness of a remote: its ./App (remoteApp.tsx: the remote's src/App.tsx with its
// own messages) inside the same providers and router the host gives it, so a team can work on its
// remote alone. The factory resolves the imports below from the remote's own node_modules, so they
// are the same shared modules the remote itself consumes.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@prds/shared/providers';
import App from './remoteApp';

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from the harness page');
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
