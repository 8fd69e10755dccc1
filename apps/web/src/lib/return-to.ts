/**
 * Where sign-in (or sign-up) returns to: `?voltar=<path>` on /login and /register, only a path of
 * this app (never another site: no scheme, no '//' or '/\').
 */
const PARAM = 'voltar';

export function returnSearch(path: string): string {
  return `?${new URLSearchParams({ [PARAM]: path }).toString()}`;
}

/** The safe return path in a query string, or null. */
export function returnPathFrom(search: string): string | null {
  const path = new URLSearchParams(search).get(PARAM);
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}
