import { describe, expect, it } from 'vitest';
import { readResetLink } from './read-reset-link';

describe('readResetLink', () => {
  it('lê o código da query string', () => {
    expect(readResetLink('?code=abc123', '')).toEqual({ kind: 'code', code: 'abc123' });
  });

  it('trata error_code=otp_expired como link expirado', () => {
    expect(readResetLink('?error_code=otp_expired&error_description=x', '')).toMatchObject({
      kind: 'error',
      reason: 'expired',
    });
  });

  it('trata outros erros como link inválido ou expirado', () => {
    expect(readResetLink('?error_code=bad&code=abc', '')).toEqual({
      kind: 'error',
      reason: 'invalid',
      message: 'Link de recuperação inválido ou expirado',
    });
  });

  it('aceita access_token no fragmento', () => {
    expect(readResetLink('', '#access_token=tok&type=recovery')).toEqual({ kind: 'code', code: 'tok' });
  });

  it('sem parâmetros o link é inválido', () => {
    expect(readResetLink('', '')).toEqual({
      kind: 'error',
      reason: 'invalid',
      message: 'Link de recuperação inválido',
    });
  });
});
