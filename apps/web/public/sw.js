// VendAI's service worker (docs/decisions/067-web-push.md): the installable app's offline shell and the
// Web Push notifications. Plain JavaScript, served as it is from the site's root (scope '/'); the build
// (apps/web/scripts/service-worker.mjs) fills PRECACHE with the app shell's files and names the cache
// after them, so a new build installs a new worker and drops the old cache.
//
// What is cached: the shell's own files (the offline page, the icons, the hashed scripts and styles).
// Never an API answer: nothing under /api/ (account data), /webhooks/ or /simulator/ is ever stored;
// those requests go to the network untouched.

const PRECACHE = [];
const CACHE = 'vendai-shell-dev';
const OFFLINE_PAGE = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([OFFLINE_PAGE, ...PRECACHE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('vendai-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

/** Files that never change under their name (hashed) or belong to the shell: served from the cache first. */
const isShellFile = (url) =>
  url.pathname.startsWith('/assets/') ||
  url.pathname.startsWith('/icons/') ||
  url.pathname === OFFLINE_PAGE ||
  url.pathname === '/favicon.svg' ||
  url.pathname === '/manifest.webmanifest';

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Pages: always the network (the session decides what they show); offline, the friendly page.
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_PAGE)));
    return;
  }
  if (!isShellFile(url)) return;
  event.respondWith(
    caches.match(request).then(
      (hit) =>
        hit ??
        fetch(request).then((response) => {
          if (response.ok && url.pathname.startsWith('/assets/')) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});

// A push message (encrypted end to end, RFC 8291; the browser decrypted it): shown as it came. Its shape is
// packages/contracts/src/web-push.ts `pushMessageSchema`.
self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  const actions = message.draft
    ? [
        { action: 'send', title: 'Enviar' },
        { action: 'discard', title: 'Descartar' },
      ]
    : [];
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'pt-BR',
      data: { url: message.url, draft: message.draft ?? null },
      actions,
      requireInteraction: Boolean(message.draft),
    }),
  );
});

/**
 * 'Enviar' or 'Descartar' on a draft's notification: the inbox's own route, with the member's session
 * cookie (same origin), so the draft goes out through the same path as the inbox's buttons, once (a second
 * press gets 409 and its message is shown).
 */
async function actOnDraft(draft, action) {
  const path = `/api/conversations/${encodeURIComponent(draft.convId)}/drafts/${encodeURIComponent(draft.draftId)}/${action}`;
  let title;
  let body = '';
  try {
    const response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    if (response.ok) {
      title = action === 'send' ? 'Resposta enviada ao cliente' : 'Sugestão descartada';
    } else {
      const answer = await response.json().catch(() => null);
      title = response.status === 401 ? 'Entre no VendAI para aprovar' : 'Não foi possível';
      body = answer?.error?.message ?? 'Abra a conversa no VendAI.';
    }
  } catch {
    title = 'Sem conexão';
    body = 'A resposta não foi enviada: abra a conversa quando a internet voltar.';
  }
  await self.registration.showNotification(title, {
    body,
    tag: `draft-result:${draft.draftId}`,
    icon: '/icons/icon-192.png',
    lang: 'pt-BR',
  });
}

/**
 * The push service replaced or dropped this browser's subscription (the Push API's 'pushsubscriptionchange'):
 * the new one (or, when the browser gives none, a new subscription with the same server key) is sent to
 * VendAI with the member's session, as the settings page does, so the notifications keep coming without the
 * member opening Configurações. The old endpoint is deleted by the server when the push service answers
 * 404 or 410 for it.
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(resubscribe(event.oldSubscription, event.newSubscription));
});

async function resubscribe(oldSubscription, newSubscription) {
  let subscription = newSubscription;
  if (!subscription) {
    const applicationServerKey = oldSubscription?.options?.applicationServerKey;
    if (!applicationServerKey) return;
    subscription = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  }
  await fetch('/api/push/subscriptions', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(subscription.toJSON()),
  }).catch(() => {});
}

async function openApp(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
      await client.focus();
      if ('navigate' in client) await client.navigate(url);
      return;
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  const notification = event.notification;
  const data = notification.data ?? {};
  notification.close();
  if (data.draft && (event.action === 'send' || event.action === 'discard')) {
    event.waitUntil(actOnDraft(data.draft, event.action));
    return;
  }
  event.waitUntil(openApp(data.url || '/dashboard'));
});
