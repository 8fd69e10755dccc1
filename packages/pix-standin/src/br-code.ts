/**
 * A Pix copia-e-cola as banks read it: the EMV "BR Code" of a dynamic charge (Banco Central's BR
 * Code manual): payload format, the merchant account (GUI br.gov.bcb.pix and the charge's location
 * URL), category, currency 986 (BRL), amount, country, merchant name and city, a transaction id, and
 * the CRC16-CCITT of everything before it. Pure.
 */

const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** CRC16-CCITT (poly 0x1021, initial 0xFFFF), four uppercase hex digits, as the BR Code's field 63 needs. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Letters and digits only, without accents, at most `max` characters (the BR Code allows no more). */
const plain = (text: string, max: number) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .slice(0, max) || 'VENDAI';

export function brCode(o: { location: string; amountCents: number; merchant: string; city: string; txid: string }) {
  const account = field('00', 'br.gov.bcb.pix') + field('25', o.location.replace(/^https?:\/\//, ''));
  const body =
    field('00', '01') +
    field('01', '12') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    field('54', (o.amountCents / 100).toFixed(2)) +
    field('58', 'BR') +
    field('59', plain(o.merchant, 25)) +
    field('60', plain(o.city, 15)) +
    field('62', field('05', o.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25))) +
    '6304';
  return body + crc16(body);
}
