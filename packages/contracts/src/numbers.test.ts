import { describe, expect, it } from 'vitest';
import { createNumberSchema, instanceDisplayName, updateNumberSchema } from './numbers.ts';

describe('instanceDisplayName', () => {
  it('usa o apelido quando existe', () => {
    expect(instanceDisplayName({ apelido: 'Loja Centro', phone: '5511987654321' })).toBe('Loja Centro');
  });

  it("senão mostra 'WhatsApp' e o telefone formatado", () => {
    expect(instanceDisplayName({ apelido: null, phone: '5511987654321' })).toBe('WhatsApp +55 (11) 98765-4321');
    expect(instanceDisplayName({ apelido: '   ', phone: '551134567890' })).toBe('WhatsApp +55 (11) 3456-7890');
  });
});

describe('createNumberSchema', () => {
  it('aceita telefone válido e apelido, tirando os espaços do apelido', () => {
    expect(createNumberSchema.parse({ phone: '+5511987654321', apelido: '  Loja  ' })).toEqual({
      phone: '+5511987654321',
      apelido: 'Loja',
    });
  });

  it('recusa telefone inválido, apelido em branco e apelido com mais de 50 caracteres', () => {
    const messages = (input: unknown) => createNumberSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ phone: '123', apelido: 'Loja' })).toEqual(['Por favor, insira um número de telefone válido']);
    expect(messages({ phone: '+5511987654321', apelido: '   ' })).toEqual([
      'Por favor, insira um apelido para a instância',
    ]);
    expect(messages({ phone: '+5511987654321' })).toEqual(['Por favor, insira um apelido para a instância']);
    expect(messages({ phone: '+5511987654321', apelido: 'x'.repeat(51) })).toEqual([
      'O apelido deve ter no máximo 50 caracteres.',
    ]);
    expect(createNumberSchema.safeParse({ phone: '+5511987654321', apelido: 'x'.repeat(50) }).success).toBe(true);
  });
});

describe('updateNumberSchema', () => {
  it('aceita desvincular o agente (null) e recusa corpo vazio', () => {
    expect(updateNumberSchema.parse({ agente: null })).toEqual({ agente: null });
    expect(updateNumberSchema.safeParse({}).success).toBe(false);
  });
});
