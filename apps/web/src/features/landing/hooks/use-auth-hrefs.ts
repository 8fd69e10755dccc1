import { paths } from '@/config/paths';
import { useBrowserSearch } from '@/lib/browser-location';

/**
 * /register and /login links keep the current query string (referral and campaign parameters, docs/product/screens.md).
 * The prerendered landing has no query string; it is added right after hydration.
 */
export function useAuthHrefs() {
  const kept = useBrowserSearch();
  return { registerHref: paths.register.getHref(kept), loginHref: paths.login.getHref(kept) };
}
