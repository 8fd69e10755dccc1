/**
 * Build-time prerender (scripts/prerender.mjs): renders a public page's real component to HTML, exactly
 * the tree public-main.tsx hydrates. Only pages that need no signed-in data use it (app/public-pages.ts).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { PUBLIC_PAGES } from './app/public-pages';

export async function render(url: string): Promise<string> {
  const load = PUBLIC_PAGES[url];
  if (!load) throw new Error(`${url} is not a public page (app/public-pages.ts)`);
  const Page = await load();
  return renderToString(
    <StrictMode>
      <Page />
    </StrictMode>,
  );
}
