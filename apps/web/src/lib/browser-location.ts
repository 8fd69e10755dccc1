import { useHydrated } from './use-hydrated';

/**
 * The page's query string, for components that also render outside the router (the prerendered public
 * pages hydrate without it). Empty while hydrating, so the markup matches the prerendered HTML, which
 * has no query string; the real one right after.
 */
export function useBrowserSearch(): string {
  const hydrated = useHydrated();
  return hydrated ? window.location.search : '';
}
