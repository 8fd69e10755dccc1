import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';

/**
 * CPF and CNPJ of the person who pays a Pix charge (docs/decisions/038-pix-charges.md, "The payer's
 * CPF or CNPJ"). Asaas creates a charge only for a customer with one; customers type it in any usual
 * way ('123.456.789-09', '123 456 789 09', a CNPJ with '/' — numeric or the alphanumeric CNPJ of 2026).
 * Check digits are validated by @brazilian-utils; we only find the candidates in a message.
 */

/** A CPF (11 digits) or CNPJ (14 characters, digits or the alphanumeric format) with its usual masks. */
const CANDIDATE =
  /(?<![\dA-Za-z])(?:\d{3}[.\s]?\d{3}[.\s]?\d{3}[-\s]?\d{2}|[\dA-Za-z]{2}\.?[\dA-Za-z]{3}\.?[\dA-Za-z]{3}\/?[\dA-Za-z]{4}-?\d{2})(?![\dA-Za-z])/g;

/** The document as the providers take it: digits (and CNPJ letters, upper case), no mask; null when invalid. */
export function normalizeTaxId(value: string): string | null {
  const bare = value.replace(/[.\-/\s]/g, '').toUpperCase();
  if (/^\d{11}$/.test(bare)) return isValidCpf(bare) ? bare : null;
  if (/^[\dA-Z]{12}\d{2}$/.test(bare)) return isValidCnpj(bare, { version: 2 }) ? bare : null;
  return null;
}

/** The first valid CPF or CNPJ written in a customer's message, or null. */
export function findTaxId(text: string): string | null {
  // Cheap first look: every document ends in two check digits (most messages have no such pair).
  if (!/\d\d/.test(text)) return null;
  for (const match of text.matchAll(CANDIDATE)) {
    const id = normalizeTaxId(match[0]);
    if (id) return id;
  }
  return null;
}

/** '123.456.789-09' / '12.345.678/0001-95', for the owner's screens. */
export function formatTaxId(id: string): string {
  if (id.length === 11) return `${id.slice(0, 3)}.${id.slice(3, 6)}.${id.slice(6, 9)}-${id.slice(9)}`;
  return `${id.slice(0, 2)}.${id.slice(2, 5)}.${id.slice(5, 8)}/${id.slice(8, 12)}-${id.slice(12)}`;
}
