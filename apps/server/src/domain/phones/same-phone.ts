import { type SQL, sql } from 'drizzle-orm';
import { isBsuid } from './bsuid.ts';

/**
 * One phone-equality rule (docs/decisions/048-opt-out-and-owner-channel.md), used wherever two phones are
 * compared: the owner's personal phone against a chat (alerts, the owner's '1'/'2', the owner's channel),
 * a number's claim against the phone that scanned its QR code, a customer's other conversations.
 *
 * The same phone reaches us in many shapes: '+55 (31) 98888-7777' typed by a person, '5531988887777',
 * the gateway's JIDs '553188887777@s.whatsapp.net' and '5531988887777:12@s.whatsapp.net' (a device), a
 * national number without the country code ('31988887777'). Brazilian mobiles gained a ninth digit
 * (9) in 2012–2016, and WhatsApp still names many of them without it — the rule for DDDs 31 and above,
 * and older accounts anywhere. So a phone's key drops that 9: 55 + DDD + 9 + a mobile's eight digits
 * (starting 6–9) is keyed as 55 + DDD + the eight digits. A landline (eight digits starting 2–5) never had
 * it. A WhatsApp @lid is an alias, not a phone: it has no key (compare the phone JID the gateway gives
 * beside it), nor has Meta's business-scoped user id (bsuid.ts). Other countries compare by their digits.
 */
export function phoneKey(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  if (isBsuid(text)) return null;
  if (/@lid$/i.test(text) || /@g\.us$/i.test(text)) return null;
  // A JID: the user part, without the device ('5511…:12@s.whatsapp.net').
  const user = text.includes('@') ? text.split('@')[0]!.split(':')[0]! : text;
  let digits = user.replace(/\D/g, '');
  if (digits.length < 8 || digits.length > 15) return null;
  // A Brazilian national number (DDD 11–99 + 8 or 9 digits) without the country code.
  if ((digits.length === 10 || digits.length === 11) && /^[1-9][1-9]/.test(digits)) digits = `55${digits}`;
  if (digits.length === 13 && digits.startsWith('55') && /^9[6-9]$/.test(digits.slice(4, 6)))
    return `${digits.slice(0, 4)}${digits.slice(5)}`;
  return digits;
}

/** Whether two phones (any of the shapes above) are the same phone; never for an unknown one. */
export function samePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  const ka = phoneKey(a);
  return ka !== null && ka === phoneKey(b);
}

/**
 * phoneKey in SQL, for a column of digits (conversations.contact_phone, numbers.phone) or a typed phone
 * (profiles' country_code || phone): the same key, so a comparison in a statement is the same rule.
 * Tested against phoneKey over the whole table in same-phone.test.ts.
 */
export function phoneKeySql(expr: SQL): SQL {
  const d = sql`regexp_replace(coalesce(${expr}, ''), '[^0-9]', '', 'g')`;
  const withCc = sql`(case when length(${d}) in (10, 11) and ${d} ~ '^[1-9][1-9]' then '55' || ${d} else ${d} end)`;
  return sql`(case when length(${withCc}) between 8 and 15 then
    (case when length(${withCc}) = 13 and ${withCc} ~ '^55[0-9]{2}9[6-9]' then substr(${withCc}, 1, 4) || substr(${withCc}, 6)
          else ${withCc} end) end)`;
}
