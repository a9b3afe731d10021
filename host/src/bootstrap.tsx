import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { remoteLoader } from './federation/remoteLoaderInstance';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// ARCHITECTURE: the host reads the remotes manifest at boot; it does not hold up the first render.
remoteLoader.prefetch();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
