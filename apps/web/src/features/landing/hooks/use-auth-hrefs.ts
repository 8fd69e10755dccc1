import { useLocation } from 'react-router';
import { paths } from '@/config/paths';

/** /register and /login links keep the current query string (referral and campaign parameters, part 1 §2). */
export function useAuthHrefs() {
  const { search } = useLocation();
  return { registerHref: paths.register.getHref(search), loginHref: paths.login.getHref(search) };
}
