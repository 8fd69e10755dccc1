import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/routes-table';
import './index.css';

/**
 * Pages prerendered at build time (the landing and the privacy pages) arrive with their HTML in #root:
 * the route modules they need are loaded first, then React hydrates that HTML instead of replacing it.
 * Every other page starts from an empty #root.
 */
async function start() {
  const container = document.getElementById('root')!;
  const prerendered = container.hasChildNodes();
  if (prerendered) await loadLazyMatches(routes);
  const app = (
    <StrictMode>
      <AppProvider>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProvider>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

/** Resolves the lazy routes matching this URL, so the first client render is the prerendered page. */
async function loadLazyMatches(table: RouteObject[]) {
  const matches = matchRoutes(table, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

void start();
