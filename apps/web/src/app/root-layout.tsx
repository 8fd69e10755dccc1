import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { Toaster } from 'sonner';
import { paths } from '@/config/paths';
import { setUnauthenticatedHandler } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/auth';
import { rememberReferralMarker } from '@/lib/referral';

/** Wraps every route: toasts, scroll restoration, the referral marker, and the 401 handler that ends a stale session. */
export function RootLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  // A referral parameter on any page is remembered for the sign-up that may follow (part 1 §5).
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
      <Toaster richColors position="top-center" closeButton />
    </>
  );
}
