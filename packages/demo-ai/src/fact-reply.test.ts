import { describe, expect, it } from 'vitest';
import { demoFactAnswer, demoPhotoAnswer } from './fact-reply.ts';

const FACTS = [
  {
    label: 'Catálogo: Bolo de chocolate',
    text: 'Bolo de chocolate (Produto) — R$ 80,00 por kg. Disponibilidade: Em estoque.',
  },
  { label: 'Perguntas frequentes: Vocês fazem entregas?', text: 'Entregamos em toda a cidade; taxa de R$ 12,50.' },
];

describe('demoFactAnswer', () => {
  it('answers a product from its line and a frequent question with the owner’s answer', () => {
    expect(demoFactAnswer('Quanto custa o bolo?', FACTS)).toBe('Bolo de chocolate: R$ 80,00 por kg.');
    expect(demoFactAnswer('Vocês fazem entrega no centro?', FACTS)).toBe(
      'Entregamos em toda a cidade; taxa de R$ 12,50.',
    );
  });

  it('does not match on words every question has', () => {
    expect(demoFactAnswer('Vocês abrem domingo?', FACTS)).toBeNull();
  });

  it('answers from a document’s passage with its sentences about the customer’s words', () => {
    const passage = {
      label: 'Documento: Política de trocas',
      text: 'Trocas em até 7 dias com a nota. A garantia dos bolos é de 3 dias na geladeira. Não trocamos doces abertos.',
    };
    expect(demoFactAnswer('Qual a garantia?', [passage])).toBe('A garantia dos bolos é de 3 dias na geladeira.');
    expect(demoFactAnswer('Como funciona a política?', [passage])).toBe(
      'Trocas em até 7 dias com a nota. A garantia dos bolos é de 3 dias na geladeira.',
    );
  });
});

describe('demoPhotoAnswer', () => {
  const WITH_PHOTO = [
    { label: 'Catálogo: Camiseta básica', text: 'Camiseta básica (Produto) — R$ 49,90.', photoId: 'item-1' },
    { label: 'Catálogo: Boné', text: 'Boné (Produto) — R$ 30,00.' },
  ];

  it("'tem foto da camiseta?' → the structured answer with the item's id in fotos", () => {
    expect(JSON.parse(demoPhotoAnswer('tem foto da camiseta?', WITH_PHOTO)!)).toEqual({
      reply: 'Tenho sim! Vou te mandar a foto de Camiseta básica.',
      handoff: null,
      needs_owner: null,
      hot_lead: false,
      fotos: ['item-1'],
    });
  });

  it('nothing for an item without a photo, a question that does not ask to see, or an unknown item', () => {
    expect(demoPhotoAnswer('tem foto do boné?', WITH_PHOTO)).toBeNull();
    expect(demoPhotoAnswer('quanto custa a camiseta?', WITH_PHOTO)).toBeNull();
    expect(demoPhotoAnswer('tem foto da calça?', WITH_PHOTO)).toBeNull();
  });
});
