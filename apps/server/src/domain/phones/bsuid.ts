/**
 * Meta's business-scoped user id (BSUID, docs/decisions/062-bsuid-contacts.md): how the Cloud API names a
 * WhatsApp user to one business portfolio, beside the phone or instead of it for a user with a username
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/business-scoped-user-ids/).
 * A two-letter ISO country code, a period and up to 128 letters and digits ('BR.1502576394655843');
 * a parent BSUID has `ENT.` after the country ('US.ENT.11815799212886844830'). A contact known only by
 * it is keyed by it (contact_jid = the BSUID, contact_phone null): it never is a phone.
 */
const BSUID = /^[A-Z]{2}\.(?:ENT\.)?[A-Za-z0-9]{1,128}$/;

export function isBsuid(value: string | null | undefined): boolean {
  return typeof value === 'string' && BSUID.test(value);
}

/** The contact_jid a Cloud address names: a JID as it is, a BSUID as it is, digits as the phone JID. */
export function chatJidOf(address: string): string {
  if (address.includes('@') || isBsuid(address)) return address;
  return `${address.replace(/\D/g, '')}@s.whatsapp.net`;
}
