import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Toaster } from 'sonner';
import { paths } from '@/config/paths';
import { setUnauthenticatedHandler } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/auth';

/** Wraps every route: toasts, and the 401 handler that ends a stale session. */
export function RootLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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
      <Toaster richColors position="top-center" closeButton />
    </>
  );
}
