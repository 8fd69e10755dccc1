import { lazy, Suspense } from 'react';

const SonnerToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * The toast outlet, loaded on its own: the prerendered public pages (landing, privacy) show no toasts,
 * so they never download it and stay inside the landing JS budget (docs/performance.md). Other pages
 * fetch it alongside their route module.
 */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <SonnerToaster richColors position="top-center" closeButton />
    </Suspense>
  );
}
