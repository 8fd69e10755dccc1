import type { PublicConfig } from '@vendai/contracts';
import { useSyncExternalStore } from 'react';
import { api } from './api-client';

/** What a component sees of GET /api/config: pending until the first answer, then the data (or none on error). */
export interface PublicConfigState {
  isPending: boolean;
  data: PublicConfig | undefined;
}

const PENDING: PublicConfigState = { isPending: true, data: undefined };
let state: PublicConfigState = PENDING;
let loading = false;
const listeners = new Set<() => void>();

function load() {
  if (loading || state.data) return;
  loading = true;
  api.get<PublicConfig>('/api/config').then(
    (data) => publish({ isPending: false, data }),
    // No data: the components show their 'not configured' state; the next component mounted asks again.
    () => publish({ isPending: false, data: undefined }),
  );
}

function publish(next: PublicConfigState) {
  loading = false;
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  load();
  return () => listeners.delete(listener);
}

/**
 * GET /api/config: public settings (AI mode, tutorial links, business-platform app), read once per visit
 * and shared by every component. A small store of its own rather than a query, so the prerendered public
 * pages use it without the query library (landing JS budget, docs/performance.md). Pending while hydrating.
 */
export function usePublicConfig(): PublicConfigState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => PENDING,
  );
}
