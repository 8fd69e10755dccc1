/**
 * After a deploy, a tab opened before it still asks for the old build's chunks, which are gone: the
 * dynamic import fails ("Failed to fetch dynamically imported module"). Reloading fetches the new
 * build. Once only: a second failure within RELOAD_GUARD_MS is a real outage, shown as an error
 * instead of a reload loop (decision 024). The router's error screen (app/route-error.tsx) calls it: by
 * then the router has moved to the new address, so the reload opens the page the owner asked for.
 */
const KEY = 'vendai:stale-chunk-reload-at';
export const RELOAD_GUARD_MS = 60_000;

const STALE_CHUNK_MESSAGES = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite's CSS preload
];

export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return STALE_CHUNK_MESSAGES.some((m) => message.includes(m));
}

/** Reloads the page unless it did so for the same reason moments ago; true when it reloads. */
export function reloadOnceForStaleChunk(
  reload: () => void = () => window.location.reload(),
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage,
  now = Date.now(),
): boolean {
  try {
    const last = Number(storage.getItem(KEY) ?? 0);
    if (now - last < RELOAD_GUARD_MS) return false;
    storage.setItem(KEY, String(now));
  } catch {
    return false; // storage refused (private mode): no way to guard against a loop, so no reload
  }
  reload();
  return true;
}
