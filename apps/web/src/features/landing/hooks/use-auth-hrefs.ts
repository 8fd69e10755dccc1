import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * /register and /login links keep the current query string (referral and campaign parameters, part 1 §2).
 * The prerendered landing has no query string; it is added right after hydration.
 */
export function useAuthHrefs() {
  const { search } = useLocation();
  const hydrated = useHydrated();
  const kept = hydrated ? search : '';
  return { registerHref: paths.register.getHref(kept), loginHref: paths.login.getHref(kept) };
}
