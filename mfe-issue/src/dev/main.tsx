import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@prds/shared';
import App from '../App';

// Standalone harness: the same providers the host gives, so this remote can be worked on alone.
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
