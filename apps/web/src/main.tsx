import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/routes-table';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

/**
 * Entry of the app (every page but the prerendered public ones, which public-main.tsx hydrates). When the
 * app navigates to '/' or '/privacy' client-side, the same page components render as its routes.
 */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppProvider>
  </StrictMode>,
);

registerServiceWorker();
