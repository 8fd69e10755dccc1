/**
 * This browser's side of Web Push (W3C Push API; docs/decisions/067-web-push.md): whether it can receive
 * notifications, the permission, and the subscription made with the server's VAPID public key through the
 * service worker (public/sw.js).
 */
export type PushSupport = 'supported' | 'unsupported';

export function pushSupport(): PushSupport {
  return typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
    ? 'supported'
    : 'unsupported';
}

/** The browser's subscription, if this browser subscribed (null when it did not, or has no worker yet). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** base64url → bytes, as PushManager.subscribe wants the applicationServerKey. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export class PushRefused extends Error {}

/** Asks for the permission and subscribes this browser; throws PushRefused with a Portuguese reason. */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new PushRefused('As notificações foram bloqueadas neste navegador: libere nas configurações do site.');
  // No worker (the development server registers none): ready would wait for ever.
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
  ]);
  if (!registration) throw new PushRefused('O app ainda não terminou de carregar neste aparelho. Recarregue a página.');
  try {
    return await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  } catch {
    throw new PushRefused(
      'O navegador não conseguiu se inscrever no serviço de notificações. Tente de novo mais tarde.',
    );
  }
}
