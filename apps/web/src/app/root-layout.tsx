import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { setUnauthenticatedHandler } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/auth';
import { rememberReferralMarker } from '@/lib/referral';

/** The prerendered public pages: they raise no toast, so they skip the toast outlet's code. */
const TOASTLESS_PAGES = new Set<string>([paths.home.path, paths.privacy.path, paths.privacyPt.path]);

/** Wraps every route: toasts, scroll restoration, the referral marker, and the 401 handler that ends a stale session. */
export function RootLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { search, pathname } = useLocation();
  // A referral parameter on any page is remembered for the sign-up that may follow (docs/product/rules.md#validation).
  useEffect(() => {
    rememberReferralMarker();
  }, [search]);
  useEffect(() => {
    setUnauthenticatedHandler(() => {
      queryClient.setQueryData(meQueryOptions.queryKey, null);
      void navigate(paths.home.getHref(), { replace: true });
    });
    return () => setUnauthenticatedHandler(null);
  }, [navigate, queryClient]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      {!TOASTLESS_PAGES.has(pathname) && <Toaster />}
    </>
  );
}
