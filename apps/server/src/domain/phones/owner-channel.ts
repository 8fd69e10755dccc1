import { type SQL, sql } from 'drizzle-orm';
import { phoneKeySql, samePhone } from './same-phone.ts';

/**
 * The owner's channel (docs/decisions/048-opt-out-and-owner-channel.md): the chat between a business
 * number and the owner's own personal phone, where VendAI's alerts go and the owner answers '1' / '2'.
 * It is not a customer: the inbox, search, the funnel, Resultados and an attendant never see it, and the
 * AI never answers it. Recognised by the one phone rule (same-phone.ts) against the owner's profile, so
 * a chat that became a conversation before this rule (or before the owner's phone changed) is hidden too,
 * with nothing to migrate.
 *
 * `userId` and `contactPhone` are the conversation's columns (a table alias or drizzle columns).
 */
export function isOwnerChannelSql(c: { userId: SQL; contactPhone: SQL }): SQL {
  // The last eight digits first, in an EXISTS of their own: equal phone keys end alike (the key only adds a
  // country code or drops the ninth digit, both before them) and both columns hold digits (a JID's, an
  // E.164 number's), so this cheap test — which PostgreSQL runs as one hash lookup per conversation —
  // keeps the key's regular expressions off every other conversation. With them on every row, counting
  // 100,000 conversations of an owner with a phone took 1.4–1.7 s (docs/performance.md, Resultados).
  return sql`(${c.contactPhone} is not null and exists (
    select 1 from profiles owner_tail where owner_tail.id = ${c.userId} and owner_tail.phone is not null
      and right(owner_tail.phone, 8) = right(${c.contactPhone}, 8)
  ) and exists (
    select 1 from profiles owner_profile where owner_profile.id = ${c.userId} and owner_profile.phone is not null
      and ${phoneKeySql(sql`${c.contactPhone}`)} = ${phoneKeySql(sql`coalesce(owner_profile.country_code, '') || owner_profile.phone`)}))`;
}

/** The same for a conversations alias in raw SQL: `notOwnerChannelSql('c')`. */
export function notOwnerChannelSql(alias: string): SQL {
  const a = sql.raw(alias);
  return sql`not ${isOwnerChannelSql({ userId: sql`${a}.user_id`, contactPhone: sql`${a}.contact_phone` })}`;
}

/**
 * The same rule in code, for a statement that has already read the conversation's phone and its owner's
 * profile (the reply claim, for every answered message): the last eight digits first, then the one phone
 * rule (same-phone.ts, whose SQL twin phoneKeySql is tested equal to it). Reading it here keeps the key's
 * regular expressions out of the claim's plan (docs/performance.md, "The reply path against the round's base").
 */
export function isOwnerChannelPhone(
  contactPhone: string | null | undefined,
  owner: { countryCode: string | null | undefined; phone: string | null | undefined },
): boolean {
  if (!contactPhone || !owner.phone || owner.phone.slice(-8) !== contactPhone.slice(-8)) return false;
  return samePhone(contactPhone, `${owner.countryCode ?? ''}${owner.phone}`);
}
