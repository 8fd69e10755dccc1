import { formatPhone, INSTANCE_PREFIX, type ConversationDto } from '@vendai/contracts';

/** Longest instance name shown whole in the dashboard (docs/product/data.md). */
export const INSTANCE_NAME_MAX = 20;

/**
 * The number a conversation came through, as the dashboard names it (docs/product/data.md): the nickname;
 * else names made by the product ('vendai…') read 'WhatsApp {formatted phone}'; else the instance
 * name, cut to 20 characters plus '...'.
 */
export function conversationNumberLabel(n: { apelido: string | null; instanceName: string; phone: string }): string {
  const nickname = n.apelido?.trim();
  if (nickname) return nickname;
  if (n.instanceName.toLowerCase().startsWith(INSTANCE_PREFIX.toLowerCase())) return `WhatsApp ${formatPhone(n.phone)}`;
  return n.instanceName.length > INSTANCE_NAME_MAX
    ? `${n.instanceName.slice(0, INSTANCE_NAME_MAX)}...`
    : n.instanceName;
}

/** A WhatsApp username as people write it: '@marina' (Meta may send it with or without the '@'). */
export function formatUsername(username: string): string {
  return username.startsWith('@') ? username : `@${username}`;
}

/**
 * Who the contact is beside the name, where the phone goes: the formatted phone, else the WhatsApp username of
 * a customer known without a phone (official API, docs/decisions/062-bsuid-contacts.md); null when neither.
 */
export function contactHandle(c: Pick<ConversationDto, 'contactPhone' | 'contactUsername'>): string | null {
  if (c.contactPhone) return formatPhone(c.contactPhone);
  return c.contactUsername ? formatUsername(c.contactUsername) : null;
}

/** The contact's name, else the formatted phone (or the username), else what the address says. */
export function contactDisplayName(
  c: Pick<ConversationDto, 'contactName' | 'contactPhone' | 'contactJid' | 'type' | 'contactUsername'>,
): string {
  const name = c.contactName?.trim();
  if (name) return name;
  const handle = contactHandle(c);
  if (handle) return handle;
  if (c.type === 'group') return 'Grupo sem nome';
  const user = c.contactJid.split('@')[0] ?? '';
  return /^\d{8,15}$/.test(user) ? formatPhone(user) : 'Contato';
}

/** Up to two initials for the placeholder avatar; '#' when the name is a phone number. */
export function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w));
  if (!words.length) return '#';
  const first = words[0]![0]!;
  const last = words.length > 1 ? words.at(-1)![0]! : '';
  return (first + last).toUpperCase();
}

/** The unread badge: nothing for 0, the count up to 99, then '99+' (docs/product/screens.md#dashboard-inbox). */
export function unreadBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}
