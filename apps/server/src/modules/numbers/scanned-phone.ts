import { formatPhone } from '@vendai/contracts';
import { samePhone } from '../../domain/phones/same-phone.ts';

/**
 * No squatting a number (docs/decisions/021-spend-and-abuse-limits.md): the phone that scanned the QR
 * code (the gateway's wuid / ownerJid) must be the number the account claimed.
 */

/** The digits of a WhatsApp JID: '5511987654321:12@s.whatsapp.net' → '5511987654321'. */
export function jidDigits(jid: string): string {
  return jid.split('@')[0]!.split(':')[0]!.replace(/\D/g, '');
}

/** Whether the scanning phone (a JID or digits) is the claimed number: the one phone rule (decision 048). */
export function isClaimedPhone(claimed: string, scanned: string): boolean {
  return samePhone(claimed, scanned);
}

/**
 * Brazilian mobiles gained a leading 9 in 2012–2016; WhatsApp still identifies many older accounts
 * without it (55 + area code + 8 digits). Both forms are the same phone (the rule: domain/phones/same-phone.ts).
 */
function brazilianForms(digits: string): string[] {
  if (!digits.startsWith('55')) return [digits];
  const national = digits.slice(4);
  // Mobiles (8 digits starting 6–9) gained the 9; a landline (2–5) never did.
  if (digits.length === 13 && /^9[6-9]/.test(national)) return [digits, `${digits.slice(0, 4)}${national.slice(1)}`];
  if (digits.length === 12 && /^[6-9]/.test(national)) return [digits, `${digits.slice(0, 4)}9${national}`];
  return [digits];
}

/** Every way one phone is written (digits with calling code): rows of either form are claims of it. */
export function phoneForms(digits: string): string[] {
  return brazilianForms(digits.replace(/\D/g, ''));
}

/** One key per phone, whatever form it was typed in (a Brazilian mobile with its ninth digit). */
export function phoneKey(digits: string): string {
  return phoneForms(digits).reduce((a, b) => (b.length > a.length ? b : a));
}

/** What the owner reads (list and connect screen) when another phone scanned the QR code. */
export function wrongPhoneMessage(claimed: string, scanned: string): string {
  return (
    `Conexão cortada: o QR code foi lido pelo WhatsApp do número ${formatPhone(jidDigits(scanned))}, ` +
    `mas este cadastro é do número ${formatPhone(claimed)}. Leia o QR code com o celular do número cadastrado.`
  );
}
