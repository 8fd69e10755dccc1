/**
 * Registers the service worker (public/sw.js: the installable app's offline page and the Web Push
 * notifications, docs/decisions/067-web-push.md) once the page has loaded, in built apps only: the
 * development server serves no filled worker, and a worker there would cache what Vite rebuilds.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => {
      console.warn('service worker not registered', err);
    });
  });
}
