import { describe, expect, it } from 'vitest';
import { demoOrderAnswer } from './order-reply.ts';

const camiseta = {
  label: 'Catálogo: Camiseta básica',
  text: 'Camiseta básica (Produto) — R$ 49,90 por unidade. Opções: P: R$ 49,90; G: R$ 59,90. Disponibilidade: Em estoque.',
  itemId: '3f1c2d3e-0000-4000-8000-000000000001',
};
const bolo = {
  label: 'Catálogo: Bolo de festa',
  text: 'Bolo de festa (Produto) — Sob consulta. Disponibilidade: Sob encomenda.',
  itemId: '3f1c2d3e-0000-4000-8000-000000000002',
};

describe('the demo AI’s order', () => {
  it('names the item, the option and the quantity the customer said, never a total', () => {
    const answer = JSON.parse(demoOrderAnswer('Quero 2 camisetas G, pode mandar o pix', [bolo, camiseta])!);
    expect(answer.pedido).toEqual({ itens: [{ id: camiseta.itemId, opcao: 'G', quantidade: 2 }] });
    expect(answer.reply).toContain('2x Camiseta básica (G)');
    expect(answer.reply).not.toMatch(/R\$/);
  });

  it('orders nothing without a confirmation, for a photo request, or for an item without a price', () => {
    expect(demoOrderAnswer('Quanto custa a camiseta?', [camiseta])).toBeNull();
    expect(demoOrderAnswer('Quero ver a camiseta', [camiseta])).toBeNull();
    expect(demoOrderAnswer('Quero um bolo de festa', [bolo])).toBeNull();
    expect(JSON.parse(demoOrderAnswer('vou levar uma camiseta', [camiseta])!).pedido.itens[0]).toMatchObject({
      quantidade: 1,
      opcao: null,
    });
  });

  it('promises no Pix when the account cannot charge one: the business sends the payment details', () => {
    const answer = JSON.parse(demoOrderAnswer('Quero 2 camisetas G', [camiseta], false)!);
    expect(answer.pedido.itens[0]).toMatchObject({ id: camiseta.itemId, quantidade: 2 });
    expect(answer.reply).not.toMatch(/pix/i);
    expect(answer.reply).toContain('dados de pagamento');
  });
});
