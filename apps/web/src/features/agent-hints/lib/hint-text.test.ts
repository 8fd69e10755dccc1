import { describe, expect, it } from 'vitest';
import { hintText } from './hint-text';

const base = { agentId: 'a1', agentName: 'Bia', days: 14 };

describe('hintText', () => {
  it('follow-up: how many went quiet after a price, and the link to the card', () => {
    expect(hintText({ ...base, kind: 'follow-up', count: 3 })).toEqual({
      text: '3 clientes pararam de responder depois de receber um preço nos últimos 14 dias. O acompanhamento de Bia lembra o cliente do que ele queria.',
      action: 'Ativar o acompanhamento',
      tab: 'age',
      card: 'acompanhamento',
    });
  });

  it('approval: the replies the price guard replaced, singular and plural', () => {
    expect(hintText({ ...base, kind: 'approval', count: 1 }).text).toContain('trocou 1 resposta de Bia');
    expect(hintText({ ...base, kind: 'approval', count: 2 })).toMatchObject({
      action: 'Ligar a aprovação',
      card: 'aprovacao',
    });
  });
});
