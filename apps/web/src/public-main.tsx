import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PUBLIC_PAGES } from './app/public-pages';
import './index.css';

/**
 * Entry of the prerendered public pages (landing, privacy): loads the page's component and hydrates the
 * HTML the build rendered from the same component (entry-prerender.tsx). Every other page is main.tsx.
 */
async function start() {
  const load = PUBLIC_PAGES[window.location.pathname];
  if (!load) throw new Error(`${window.location.pathname} is not a prerendered page`);
  const Page = await load();
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <Page />
    </StrictMode>,
  );
}

void start();
