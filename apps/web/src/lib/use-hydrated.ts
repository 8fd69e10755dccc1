import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates prerendered HTML (the server snapshot), true from then on and in every
 * client-only render. Values only the browser knows (the query string, storage) wait for it, so the
 * hydrated markup matches the prerendered one and React updates them right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
