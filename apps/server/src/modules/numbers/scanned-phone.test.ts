import { describe, expect, it } from 'vitest';
import { isClaimedPhone, jidDigits, phoneForms, phoneKey, wrongPhoneMessage } from './scanned-phone.ts';

describe('the phone that scanned is the claimed number', () => {
  it('reads the digits of a JID, with or without a device suffix', () => {
    expect(jidDigits('5511987654321@s.whatsapp.net')).toBe('5511987654321');
    expect(jidDigits('5511987654321:12@s.whatsapp.net')).toBe('5511987654321');
  });

  it('same number → yes; another number → no', () => {
    expect(isClaimedPhone('5511987654321', '5511987654321@s.whatsapp.net')).toBe(true);
    expect(isClaimedPhone('5511987654321', '5511987650000@s.whatsapp.net')).toBe(false);
    expect(isClaimedPhone('5511987654321', '5521987654321@s.whatsapp.net')).toBe(false);
    expect(isClaimedPhone('14155550100', '14155550100@s.whatsapp.net')).toBe(true);
    expect(isClaimedPhone('5511987654321', '')).toBe(false);
  });

  it('a Brazilian mobile with or without the ninth digit is the same phone', () => {
    expect(isClaimedPhone('5511987654321', '551187654321@s.whatsapp.net')).toBe(true);
    expect(isClaimedPhone('551187654321', '5511987654321@s.whatsapp.net')).toBe(true);
    // A landline (starts with 2–5) never gains a 9.
    expect(isClaimedPhone('551133334444', '5511933334444@s.whatsapp.net')).toBe(false);
  });

  it('tells the owner which phone scanned and which one to use, in Portuguese', () => {
    const text = wrongPhoneMessage('5511987654321', '5511987650000@s.whatsapp.net');
    expect(text).toContain('Conexão cortada');
    expect(text).toContain('Leia o QR code com o celular do número cadastrado');
    expect(text).not.toContain('@');
  });

  it('one key per phone: a Brazilian mobile is keyed with its ninth digit, whichever form was typed', () => {
    expect(phoneForms('5511987654321').sort()).toEqual(['551187654321', '5511987654321']);
    expect(phoneKey('5511987654321')).toBe('5511987654321');
    expect(phoneKey('551187654321')).toBe('5511987654321');
    expect(phoneForms('551133334444')).toEqual(['551133334444']);
    expect(phoneKey('14155550100')).toBe('14155550100');
  });
});
