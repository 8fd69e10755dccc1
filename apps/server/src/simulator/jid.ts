import { createHash, randomBytes } from 'node:crypto';

/** WhatsApp addressing as Evolution's createJid does it (docs/evolution-api-contract.md#4-jids-groups-lid-number-formatting), reduced to what the simulator needs. */

export const USER_SUFFIX = '@s.whatsapp.net';
export const GROUP_SUFFIX = '@g.us';
export const LID_SUFFIX = '@lid';

/** Digits (spaces, '+', parentheses and a ':device' suffix stripped) → a JID; full JIDs pass through. */
export function createJid(number: string): string {
  const value = number.trim();
  if (/@(s\.whatsapp\.net|g\.us|lid|broadcast|newsletter)$/.test(value)) return value;
  const digits = value.replace(/:\d+$/, '').replace(/[\s+()-]/g, '');
  // ≥18 digits, or a long id with '-', is a group (docs/evolution-api-contract.md#4-jids-groups-lid-number-formatting).
  if (/^\d{18,}$/.test(digits) || (value.length >= 24 && value.includes('-')))
    return `${value.replace(/[\s+()]/g, '')}${GROUP_SUFFIX}`;
  return `${digits}${USER_SUFFIX}`;
}

export const isGroupJid = (jid: string) => jid.endsWith(GROUP_SUFFIX);
export const isLidJid = (jid: string) => jid.endsWith(LID_SUFFIX);
export const isUserJid = (jid: string) => jid.endsWith(USER_SUFFIX);

/** The phone digits of a user JID (`5511…@s.whatsapp.net` → `5511…`), or null. */
export function phoneOf(jid: string | null | undefined): string | null {
  if (!jid || !isUserJid(jid)) return null;
  return jid.slice(0, -USER_SUFFIX.length).split(':')[0] ?? null;
}

/** A number WhatsApp would accept: 10 to 15 digits, calling code included. */
export const isPlausiblePhone = (digits: string) => /^\d{10,15}$/.test(digits);

/**
 * The customer's @lid alias: stable for a phone (so every @lid message of one customer lands in the
 * same chat) and unrelated to the digits, like WhatsApp's Linked IDs (about 15 digits).
 */
export function lidFor(phone: string): string {
  const hash = createHash('sha256').update(`lid:${phone}`).digest();
  const n = hash.readBigUInt64BE(0) % 10n ** 14n;
  return `${(10n ** 14n + n).toString()}${LID_SUFFIX}`;
}

/** A new group id in the current form `120363xxxxxxxxxxxx@g.us`. */
export function newGroupJid(): string {
  const digits = BigInt(`0x${randomBytes(8).toString('hex')}`) % 10n ** 12n;
  return `120363${digits.toString().padStart(12, '0')}${GROUP_SUFFIX}`;
}

/** Message ids: API sends look like WhatsApp Web ('3EB0' + 18 hex → source 'web'); phones send 32 upper hex. */
export const newWebMessageId = () => `3EB0${randomBytes(9).toString('hex').toUpperCase()}`;
export const newPhoneMessageId = () => randomBytes(16).toString('hex').toUpperCase();

/** Evolution's getDeviceType guess from the id. */
export function sourceOf(id: string): 'web' | 'android' | 'ios' | 'unknown' {
  if (/^3EB0/.test(id)) return 'web';
  if (/^3A/.test(id)) return 'ios';
  if (id.length >= 21) return 'android';
  return 'unknown';
}

/** '5511987654321' → '+55 11 98765-4321' for the names and vCards the simulator writes. */
export function displayPhone(digits: string): string {
  const m = digits.match(/^55(\d{2})(\d{4,5})(\d{4})$/);
  return m ? `+55 ${m[1]} ${m[2]}-${m[3]}` : `+${digits}`;
}

export function vcardFor(displayName: string, phone: string): string {
  const name = displayName.replace(/[\r\n;]/g, ' ').trim();
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:;${name};;;`,
    `FN:${name}`,
    `TEL;type=CELL;type=VOICE;waid=${phone}:${displayPhone(phone)}`,
    'END:VCARD',
  ].join('\n');
}
