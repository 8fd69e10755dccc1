import { createHmac, timingSafeEqual } from 'node:crypto';
import { AGENDA_MESSAGES } from '@vendai/contracts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { sealSecret } from '../../../lib/secret-box.ts';
import { readSetup } from '../setup-service.ts';
import { deleteLink, selectLink, upsertLink } from './google-links-repository.ts';
import { type GoogleSyncDeps, unlink } from './google-sync.ts';

/**
 * Linking a professional's Google Calendar (docs/decisions/070-agenda-in-the-chat.md): Google's consent
 * page with a signed, short-lived `state` (the account and the professional), then the code exchanged for
 * a refresh token, stored sealed. The callback needs no session: the state says who asked.
 */

export type GoogleLinkDeps = GoogleSyncDeps & { stateKey: Buffer };

const STATE_MINUTES = 15;
export const GOOGLE_LINK_MESSAGES = {
  badState: 'O pedido de conexão com o Google expirou ou não é válido. Tente conectar de novo.',
  refused: 'O Google não autorizou o acesso à agenda. Tente conectar de novo.',
} as const;

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

export function stateFor(key: Buffer, accountId: string, professionalId: string, now: Date): string {
  const body = Buffer.from(
    JSON.stringify({ u: accountId, p: professionalId, e: now.getTime() + STATE_MINUTES * 60_000 }),
  ).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

function readState(key: Buffer, state: string, now: Date): { accountId: string; professionalId: string } {
  const [body = '', mac = ''] = state.split('.');
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new AppError('VALIDATION', GOOGLE_LINK_MESSAGES.badState);
  const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { u: string; p: string; e: number };
  if (parsed.e < now.getTime()) throw new AppError('VALIDATION', GOOGLE_LINK_MESSAGES.badState);
  return { accountId: parsed.u, professionalId: parsed.p };
}

/** Google's consent page for this professional's calendar. */
export async function consentUrlFor(deps: GoogleLinkDeps, accountId: string, professionalId: string): Promise<string> {
  const setup = await readSetup(deps.db, accountId);
  if (!setup.professionals.some((p) => p.id === professionalId)) throw notFound(AGENDA_MESSAGES.professionalNotFound);
  return deps.client.consentUrl(stateFor(deps.stateKey, accountId, professionalId, deps.now()));
}

/** Google's redirect: the code becomes the link (the refresh token sealed). Returns the professional. */
export async function finishLink(
  deps: GoogleLinkDeps,
  q: { state: string; code: string },
): Promise<{ accountId: string; professionalId: string }> {
  const who = readState(deps.stateKey, q.state, deps.now());
  let linked;
  try {
    linked = await deps.client.exchangeCode(q.code);
  } catch (err) {
    deps.log.warn({ err }, 'google agenda: troca do código recusada');
    throw new AppError('VALIDATION', GOOGLE_LINK_MESSAGES.refused);
  }
  await upsertLink(deps.db, {
    ...who,
    calendarId: linked.calendarId,
    refreshTokenSealed: sealSecret(deps.sealKey, linked.refreshToken),
  });
  return who;
}

/** Disconnects: the link and the blocks Google's busy times had made. */
export async function disconnect(deps: GoogleLinkDeps, accountId: string, professionalId: string): Promise<void> {
  const link = await selectLink(deps.db, accountId, professionalId);
  if (!link) throw notFound(AGENDA_MESSAGES.professionalNotFound);
  await unlink(deps, link);
  await deleteLink(deps.db, accountId, professionalId);
}
