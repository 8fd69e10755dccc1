import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env.ts';

/**
 * Security headers for every answer (helmet), the Content-Security-Policy first: scripts, styles,
 * fonts and connections from the app's own origin, plus the referral tracker's origin when
 * PUBLIC_REFERRAL_TRACKER_SCRIPT names its script (plugins/web-app.ts then loads it on every page).
 * Routes opt out with `helmet: false` (the webhooks: machine traffic); hashed assets drop the
 * document-only headers (plugins/web-app.ts).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  env: Pick<Env, 'appUrl' | 'PUBLIC_REFERRAL_TRACKER_SCRIPT'>,
) {
  const tracker = env.PUBLIC_REFERRAL_TRACKER_SCRIPT ? [new URL(env.PUBLIC_REFERRAL_TRACKER_SCRIPT).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The referral tracker's script, only when one is configured (PUBLIC_REFERRAL_TRACKER_SCRIPT).
        scriptSrc: ["'self'", ...tracker],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: for contact pictures, which WhatsApp serves from its own CDN (GET /api/conversations/:id/avatar).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...tracker],
        frameSrc: ['https://www.youtube-nocookie.com'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The WhatsApp Business authorization test (/connect/whatsapp) opens the provider's dialog in a
    // popup that must keep its opener to post the code back: popups we open stay reachable, other
    // sites still cannot hold a handle to our pages. The callback page itself is served with
    // unsafe-none (plugins/web-app.ts), or arriving on it would cut the popup from its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // HSTS only makes sense when the app is served over HTTPS.
    hsts: env.appUrl.startsWith('https:'),
  });
}
