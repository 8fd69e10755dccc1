import { describe, expect, it } from 'vitest';
import { contactDisplayName, contactHandle, conversationNumberLabel, initials, unreadBadge } from './display-names';

describe('unreadBadge', () => {
  it('não mostra nada sem mensagens não lidas', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(-1)).toBeNull();
  });
  it('mostra o número até 99 e 99+ acima disso', () => {
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
    expect(unreadBadge(12_345)).toBe('99+');
  });
});

describe('conversationNumberLabel (docs/product/data.md)', () => {
  it('usa o apelido quando existe', () => {
    expect(
      conversationNumberLabel({ apelido: 'Loja Centro', instanceName: 'vendai43211234', phone: '5511987654321' }),
    ).toBe('Loja Centro');
  });
  it("nomes criados pelo produto mostram 'WhatsApp {telefone formatado}'", () => {
    expect(conversationNumberLabel({ apelido: null, instanceName: 'vendai43211234', phone: '5511987654321' })).toBe(
      'WhatsApp +55 (11) 98765-4321',
    );
    expect(conversationNumberLabel({ apelido: '  ', instanceName: 'VendAI-43211234', phone: '551134567890' })).toBe(
      'WhatsApp +55 (11) 3456-7890',
    );
  });
  it('outros nomes são cortados em 20 caracteres mais ...', () => {
    expect(
      conversationNumberLabel({ apelido: null, instanceName: 'atendimento-loja-centro-sp', phone: '5511987654321' }),
    ).toBe('atendimento-loja-cen...');
    expect(
      conversationNumberLabel({ apelido: null, instanceName: 'exatamente-20-chars!', phone: '5511987654321' }),
    ).toBe('exatamente-20-chars!');
  });
});

describe('contactDisplayName', () => {
  const base = {
    contactName: null,
    contactPhone: null,
    contactJid: '5511987654321@s.whatsapp.net',
    type: 'chat' as const,
  };
  it('usa o nome do contato', () => {
    expect(contactDisplayName({ ...base, contactName: ' Ana Paula ' })).toBe('Ana Paula');
  });
  it('sem nome, mostra o telefone formatado', () => {
    expect(contactDisplayName({ ...base, contactPhone: '5511987654321' })).toBe('+55 (11) 98765-4321');
    expect(contactDisplayName(base)).toBe('+55 (11) 98765-4321');
  });
  it('um cliente da API oficial sem telefone aparece pelo nome de usuário do WhatsApp', () => {
    const bsuid = { ...base, contactJid: 'BR.1502576394655843', contactUsername: 'marina' };
    expect(contactDisplayName(bsuid)).toBe('@marina');
    expect(contactDisplayName({ ...bsuid, contactName: 'Marina' })).toBe('Marina');
    expect(contactHandle({ contactPhone: null, contactUsername: '@marina' })).toBe('@marina');
    expect(contactHandle({ contactPhone: '5511987654321', contactUsername: '@marina' })).toBe('+55 (11) 98765-4321');
    expect(contactHandle({ contactPhone: null, contactUsername: null })).toBeNull();
  });
  it('um @lid sem telefone não vira número', () => {
    expect(contactDisplayName({ ...base, contactJid: '123456789012345678@lid' })).toBe('Contato');
    expect(contactDisplayName({ ...base, contactJid: '120363000000000001@g.us', type: 'group' })).toBe(
      'Grupo sem nome',
    );
  });
});

describe('initials', () => {
  it('primeira e última inicial', () => {
    expect(initials('Ana Paula Souza')).toBe('AS');
    expect(initials('joão')).toBe('J');
    expect(initials('Ótica Visão')).toBe('ÓV');
  });
  it('telefones viram #', () => {
    expect(initials('+55 (11) 98765-4321')).toBe('#');
  });
});
