import { CAMPAIGN_MESSAGES, type ConsentDto, type ConsentImportResult, type ConsentInput } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { parseConsentCsv } from '../../domain/campaigns/consent-csv.ts';
import {
  conversationsByAddress,
  type ConsentRow,
  endConsent,
  findConsentContact,
  selectConsent,
  upsertConsent,
} from './consent-repository.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

function toDto(row: ConsentRow | null): ConsentDto | null {
  if (!row) return null;
  return {
    active: row.ended_at === null,
    method: row.method,
    givenAt: iso(row.given_at),
    recordedByName: row.recorded_by_name,
    endedAt: row.ended_at === null ? null : iso(row.ended_at),
    endedReason: row.ended_reason,
  };
}

async function contactOf(db: Db, accountId: string, convId: string) {
  const contact = await findConsentContact(db, accountId, convId);
  if (!contact) throw notFound(CAMPAIGN_MESSAGES.conversationNotFound);
  if (contact.type === 'group') throw new AppError('VALIDATION', CAMPAIGN_MESSAGES.group);
  return contact;
}

/** The contact panel's consent (docs/decisions/072-campaigns.md). */
export async function getConsent(db: Db, accountId: string, convId: string): Promise<ConsentDto | null> {
  const contact = await findConsentContact(db, accountId, convId);
  if (!contact) throw notFound(CAMPAIGN_MESSAGES.conversationNotFound);
  return toDto(await selectConsent(db, accountId, contact.contact_jid));
}

/**
 * The owner records how and when the customer agreed. A customer who opted out has not agreed: the
 * opt-out is lifted in the chat first (the customer asked to come back), then consent can be recorded.
 */
export async function recordConsent(
  db: Db,
  input: { accountId: string; memberId: string; convId: string; now: Date } & ConsentInput,
): Promise<ConsentDto | null> {
  const contact = await contactOf(db, input.accountId, input.convId);
  if (contact.opted_out)
    throw new AppError(
      'VALIDATION',
      'Este cliente pediu para não receber mensagens. Só registre o consentimento se ele pedir para voltar (desfaça o pedido de saída na conversa).',
    );
  const givenAt = input.givenAt ? new Date(input.givenAt) : input.now;
  if (givenAt.getTime() > input.now.getTime() + 60_000) throw new AppError('VALIDATION', CAMPAIGN_MESSAGES.givenAt);
  await upsertConsent(db, {
    userId: input.accountId,
    convId: input.convId,
    address: contact.contact_jid,
    name: contact.contact_name,
    method: input.method,
    givenAt,
    recordedBy: input.memberId,
  });
  return toDto(await selectConsent(db, input.accountId, contact.contact_jid));
}

export async function withdrawConsent(db: Db, accountId: string, convId: string): Promise<ConsentDto | null> {
  const contact = await contactOf(db, accountId, convId);
  await endConsent(db, accountId, contact.contact_jid, 'owner');
  return toDto(await selectConsent(db, accountId, contact.contact_jid));
}

/**
 * A CSV of contacts whose consent the owner declares (name;phone or name,phone, a header optional): each
 * good row recorded (linked to the contact's conversation when one exists), each bad row reported with
 * its line and a Portuguese reason; nothing half-imported.
 */
export async function importConsents(
  db: Db,
  input: { accountId: string; memberId: string; csv: string; now: Date },
): Promise<ConsentImportResult> {
  const parsed = parseConsentCsv(input.csv);
  if (parsed.rows.length === 0 && parsed.errors.length === 0)
    throw new AppError('VALIDATION', CAMPAIGN_MESSAGES.csvEmpty);
  if (parsed.rows.length > 5000) throw new AppError('VALIDATION', CAMPAIGN_MESSAGES.csvTooLarge);
  const convs = await conversationsByAddress(
    db,
    input.accountId,
    parsed.rows.map((r) => r.address),
  );
  await db.transaction(async (tx) => {
    for (const r of parsed.rows)
      await upsertConsent(tx as unknown as Db, {
        userId: input.accountId,
        convId: convs.get(r.address) ?? null,
        address: r.address,
        name: r.name,
        method: 'imported_with_declaration',
        givenAt: input.now,
        recordedBy: input.memberId,
        note: 'O dono declarou ter o consentimento destes contatos ao importar a lista.',
      });
  });
  return { imported: parsed.rows.length, errors: parsed.errors };
}
