import webpush from 'web-push';
import type { Env } from '../../config/env.ts';
import { loadOrCreateDataFile } from '../../config/generated-secret.ts';

/** The file in the data folder that keeps the generated VAPID key pair (docs/decisions/067-web-push.md). */
export const VAPID_KEYS_FILE = 'vapid-keys';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** The contact the push services see in the token's `sub` (RFC 8292 section 2.1). */
  subject: string;
}

/**
 * The server's VAPID key pair (RFC 8292): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; outside
 * production with neither, the pair kept in `<dataDir>/vapid-keys` (generated on the first start, mode
 * 0600, like the auth secret), so browsers subscribed once stay subscribed across restarts; in production
 * with neither, null: notifications are off (every process must sign with the same pair, and a
 * production data folder is not shared between hosts). The subject: VAPID_SUBJECT, else APP_URL when it
 * is https, else the address of MAIL_FROM.
 */
export function vapidKeysOf(env: Env): VapidKeys | null {
  const subject = env.VAPID_SUBJECT ?? subjectOf(env);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  if (env.NODE_ENV === 'production') return null;
  const stored = loadOrCreateDataFile(env.dataDir, VAPID_KEYS_FILE, () => JSON.stringify(webpush.generateVAPIDKeys()));
  const keys = JSON.parse(stored) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string')
    throw new Error(
      `Configuração inválida:\n  - VAPID: o arquivo ${VAPID_KEYS_FILE} da pasta de dados está corrompido; apague-o para gerar outro (os navegadores inscritos precisam se inscrever de novo)`,
    );
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject };
}

function subjectOf(env: Env): string {
  if (env.appUrl.startsWith('https://')) return env.appUrl;
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return `mailto:${address.trim()}`;
}
