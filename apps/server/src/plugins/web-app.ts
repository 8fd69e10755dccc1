import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './error-handler.ts';

/**
 * Pages that run in the popup the WhatsApp Business launcher opens and must keep its opener: the page
 * the authorization dialog returns to (web: paths.connectWhatsappCallback), and the simulator's stand-in
 * for Meta's dialog (docs/decisions/036-cloud-signup-window-pacing.md), which navigates the popup to it —
 * a stricter opener policy on either would cut the popup from the window it reports to.
 */
const POPUP_PATHS = new Set(['/connect/whatsapp/callback', '/simulador/meta']);

/** Public pages the web build prerenders, by path (apps/web/scripts/prerender.mjs writes them). */
const PRERENDERED_PAGES: Record<string, string> = {
  '/': 'prerendered/home.html',
  '/privacy': 'prerendered/privacy.html',
  '/politica-de-privacidade': 'prerendered/politica-de-privacidade.html',
};

/**
 * Security headers that only mean something on a document (a page): a script, style sheet or font does
 * not frame, navigate or get a policy of its own. Dropped from the hashed assets, where they cost ~0.7 KB
 * per file on HTTP/1.1 (a landing visit fetches ~20 of them); `nosniff` and the resource policy stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * The pages with the referral tracker's script added at the end of <head> (PUBLIC_REFERRAL_TRACKER_SCRIPT):
 * it must run on every visit, the landing included, to see the referral. Read once per file, kept in memory.
 */
function pagesWithScript(distDir: string, src: string): (file: string) => string {
  const attribute = src.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  const tag = `<script async src="${attribute}"></script>`;
  const pages = new Map<string, string>();
  return (file) => {
    let html = pages.get(file);
    if (html === undefined) {
      html = fs.readFileSync(path.join(distDir, file), 'utf8').replace('</head>', `${tag}</head>`);
      pages.set(file, html);
    }
    return html;
  };
}

/**
 * Serves the built SPA: hashed assets with a long cache, and index.html for every other GET that
 * is not an API or webhook call (client-side routes). Missing build → API only. With `trackerScript`
 * the pages carry that script (security-headers.ts allows its origin).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, options: { trackerScript?: string } = {}) {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ distDir }, 'web build not found: serving the API only (run npm run build)');
    app.setNotFoundHandler((_req, reply) => sendNotFound(reply));
    return;
  }
  const withScript = options.trackerScript ? pagesWithScript(distDir, options.trackerScript) : null;
  const prerendered = new Map(
    Object.entries(PRERENDERED_PAGES).filter(([, file]) => fs.existsSync(path.join(distDir, file))),
  );
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The web build writes .br and .gz beside each text asset; the one the client accepts is sent.
    preCompressed: true,
    setHeaders: (res, file) => {
      res.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.addHook('onSend', async (req, reply) => {
    if (!req.url.startsWith('/assets/')) return;
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
  });
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url.startsWith('/webhooks/') || req.url.startsWith('/simulator/');
    // Nothing under /assets/ is a page: a missing asset, with or without an extension, is a 404 (the
    // app served there would go without its document headers, which /assets/ answers drop).
    const isAsset = req.url.startsWith('/assets/');
    if (req.method !== 'GET' || isApi || isAsset || path.extname(req.url.split('?')[0] ?? '')) {
      return sendNotFound(reply);
    }
    // The business-platform callback runs in the popup the launcher opened after a detour through the
    // provider's site; any stricter opener policy would cut it from the window it reports to.
    if (POPUP_PATHS.has(req.url.split('?')[0] ?? '')) reply.header('cross-origin-opener-policy', 'unsafe-none');
    // Through @fastify/static so the .br/.gz the build wrote are used, like for the assets. Public pages
    // prerendered by the web build (apps/web/scripts/prerender.mjs) are sent with their HTML filled in.
    const page = prerendered.get(req.url.split('?')[0] ?? '') ?? 'index.html';
    reply.header('cache-control', 'no-cache');
    // With the tracker the page is sent from memory (compressed on the way out like any answer).
    if (withScript) return reply.type('text/html; charset=utf-8').send(withScript(page));
    return reply.sendFile(page);
  });
}
