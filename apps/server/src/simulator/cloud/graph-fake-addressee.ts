import { isBsuid } from '../../domain/phones/bsuid.ts';

type Json = Record<string, unknown>;

/**
 * Whom a Messages API send is addressed to, as Meta reads it
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/business-scoped-user-ids/):
 * `to` takes a phone number, `recipient` a business-scoped user id (BSUID) or a parent BSUID, and when both
 * come `to` wins. A BSUID in `to`, a malformed `recipient` or neither is refused with Meta's error 100, nothing sent.
 * `address` is the chat on the fake: the phone's digits, or the BSUID as given.
 */
export function sendAddressee(
  body: Json,
): { address: string; kind: 'phone' | 'bsuid' } | { status: number; code: number; message: string; details: string } {
  const to = typeof body.to === 'string' ? body.to.trim() : '';
  const recipient = typeof body.recipient === 'string' ? body.recipient.trim() : '';
  if (to) {
    const digits = to.replace(/[\s()+-]/g, '');
    if (/^\d{5,15}$/.test(digits)) return { address: digits, kind: 'phone' };
    return invalid(`Parameter to must be a phone number: ${to}`);
  }
  if (recipient) {
    if (isBsuid(recipient)) return { address: recipient, kind: 'bsuid' };
    return invalid(`Parameter recipient is not a valid business-scoped user ID: ${recipient}`);
  }
  return { status: 400, code: 100, message: '(#100) The parameter to is required.', details: 'to or recipient' };
}

function invalid(details: string) {
  return { status: 400, code: 100, message: '(#100) Invalid parameter', details };
}
