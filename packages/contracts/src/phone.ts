import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

export const DEFAULT_COUNTRY: CountryCode = 'BR';
export const FALLBACK_CALLING_CODE = '55';

export interface ParsedPhone {
  /** E.164: plus sign then digits. */
  e164: string;
  /** Calling code without the plus, for example '55'. */
  countryCode: string;
  /** National significant number, digits only. */
  national: string;
  /** Digits only, calling code included (the gateway's form). */
  digits: string;
}

/** Parses and validates a phone number typed in any form; null when not a valid number. */
export function parsePhone(value: string, defaultCountry: CountryCode = DEFAULT_COUNTRY): ParsedPhone | null {
  const parsed = parsePhoneNumberFromString(value.trim(), defaultCountry);
  if (!parsed || !parsed.isValid()) return null;
  return {
    e164: parsed.number,
    countryCode: parsed.countryCallingCode,
    national: parsed.nationalNumber,
    digits: parsed.number.slice(1),
  };
}

export function isValidPhone(value: string): boolean {
  return parsePhone(value) !== null;
}

/**
 * Display form. Brazilian numbers read '+55 (11) 98765-4321' (13 digits) or '+55 (11) 3456-7890'
 * (12 digits), as docs/product/rules.md#validation asks; others use the library's international format.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.startsWith('55') && (digits.length === 13 || digits.length === 12)) {
    const area = digits.slice(2, 4);
    const rest = digits.slice(4);
    const split = rest.length === 9 ? 5 : 4;
    return `+55 (${area}) ${rest.slice(0, split)}-${rest.slice(split)}`;
  }
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed ? parsed.formatInternational() : value;
}
