import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { buildInstanceName } from './instance-name.ts';

describe('buildInstanceName', () => {
  it('junta o prefixo, os 4 últimos dígitos do telefone e os 4 últimos do timestamp', () => {
    expect(buildInstanceName('5511987654321', 1_730_000_012_345)).toBe('vendai43212345');
  });

  it('ignora o que não é dígito no telefone', () => {
    expect(buildInstanceName('+55 (11) 98765-0042', 1_000_009_999)).toBe('vendai00429999');
  });

  it("recusa um telefone com menos de 4 dígitos com 'Não foi possível gerar nome da instância'", () => {
    expect(() => buildInstanceName('123', 1_730_000_000_000)).toThrowError(
      new AppError('VALIDATION', 'Não foi possível gerar nome da instância'),
    );
  });
});
