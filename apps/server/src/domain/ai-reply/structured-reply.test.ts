import { describe, expect, it } from 'vitest';
import type { FactSource } from '../facts/fact-source.ts';
import { factsBlock } from '../facts/facts-block.ts';
import { replyPhotos } from '../facts/reply-photos.ts';
import {
  formatStructuredReply,
  NO_PIX_INSTRUCTION,
  parseStructuredReply,
  replyFormatInstructions,
} from './structured-reply.ts';

const REPLY_FORMAT_INSTRUCTIONS = replyFormatInstructions(true);

const product = (id: string, name: string, photoKey: string | null): FactSource => ({
  kind: 'product',
  id,
  label: `Catálogo: ${name}`,
  text: `${name} (Produto) — R$ 50,00.`,
  photoKey,
});
const SOURCES: FactSource[] = [
  product('item-camiseta', 'Camiseta básica', 'user1/11111111-1111-1111-1111-111111111111.jpg'),
  product('item-bone', 'Boné', null),
  { kind: 'passage', id: 'faq-1', label: 'Perguntas frequentes: Frete', text: 'R$ 15.' },
];

describe('the photos of a structured reply', () => {
  it('reads "fotos" as distinct ids; no field is no photo', () => {
    const parsed = parseStructuredReply(
      '{"reply":"Segue a foto!","handoff":null,"needs_owner":null,"hot_lead":false,"fotos":["a","b","a",7,"c"]}',
    );
    expect(parsed.reply).toBe('Segue a foto!');
    expect(parsed.photos).toEqual(['a', 'b', 'c']);
    expect(parseStructuredReply('{"reply":"Oi"}').photos).toEqual([]);
    expect(parseStructuredReply('{"reply":"Oi","fotos":"x"}').photos).toEqual(['x']);
    expect(parseStructuredReply('texto solto').photos).toBeUndefined();
  });

  it('keeps only catalogue items among the facts that have a photo: invented ids are dropped', () => {
    const parsed = parseStructuredReply(
      formatStructuredReply({
        reply: 'Olha só:',
        handoff: null,
        needsOwner: null,
        hotLead: false,
        photos: ['id-inventado', 'item-bone', 'faq-1', 'item-camiseta'],
      }),
    );
    expect(replyPhotos(parsed.photos, SOURCES)).toEqual([
      { itemId: 'item-camiseta', key: 'user1/11111111-1111-1111-1111-111111111111.jpg', caption: 'Camiseta básica' },
    ]);
    expect(replyPhotos(undefined, SOURCES)).toEqual([]);
    // At most three photos, in the model's order.
    const many = Array.from({ length: 5 }, (_, i) => product(`p${i}`, `Produto ${i}`, `user1/p${i}.jpg`));
    expect(replyPhotos(['p4', 'p3', 'p2', 'p1'], many).map((p) => p.itemId)).toEqual(['p4', 'p3', 'p2']);
    expect(replyPhotos(['item-camiseta'], [])).toEqual([]);
  });

  it('tells the model the field and which ids it may use', () => {
    expect(REPLY_FORMAT_INSTRUCTIONS).toContain('"fotos": []');
    expect(REPLY_FORMAT_INSTRUCTIONS).toMatch(/"fotos": quando o cliente pedir para ver um produto/);
    const block = factsBlock(SOURCES)!;
    expect(block).toContain(
      '- [Catálogo: Camiseta básica] Camiseta básica (Produto) — R$ 50,00. (foto: item-camiseta)',
    );
    // Every product carries its id for "pedido" (decision 038); only items with a photo say "foto".
    expect(block).toContain('- [Catálogo: Boné] Boné (Produto) — R$ 50,00. (id de pedido: item-bone)\n');
  });
});

describe('the order field', () => {
  it('reads items, and a "valor" in reais (number or pt-BR text) as centavos; a non-amount is dropped', () => {
    const raw = JSON.stringify({
      reply: 'Vou confirmar o valor.',
      pedido: {
        itens: [
          { id: 'a', opcao: 'G', quantidade: 2 },
          { id: 'b', quantidade: 1, valor: 150.5 },
          { id: 'c', quantidade: 1, valor: 'R$ 1.234,56' },
          { id: 'd', quantidade: 1, valor: 'sob consulta' },
          { id: 'e', quantidade: 0 },
        ],
      },
    });
    const order = parseStructuredReply(raw).order!;
    expect(order.items).toEqual([
      { id: 'a', option: 'G', quantity: 2 },
      { id: 'b', option: null, quantity: 1, amountCents: 15050 },
      { id: 'c', option: null, quantity: 1, amountCents: 123456 },
      { id: 'd', option: null, quantity: 1 },
    ]);
    // The demo AI and tests write it back the same way.
    const again = parseStructuredReply(
      formatStructuredReply({ reply: 'x', handoff: null, needsOwner: null, hotLead: false, order }),
    );
    expect(again.order).toEqual(order);
    expect(REPLY_FORMAT_INSTRUCTIONS).toContain('"valor"');
  });

  it('promises the Pix only when the account can charge one; otherwise the business sends the payment details', () => {
    expect(replyFormatInstructions(true)).toContain('o sistema calcula o total pelos preços do catálogo e envia o Pix');
    expect(replyFormatInstructions(true)).not.toContain(NO_PIX_INSTRUCTION);
    const without = replyFormatInstructions(false);
    expect(without).not.toMatch(/envia o Pix|antes do Pix/);
    expect(without).toContain(NO_PIX_INSTRUCTION);
    expect(without).toContain('"pedido"');
  });
});

describe('the AI’s reading of an opt-out (decision 048)', () => {
  it('reads "opt_out": true only; anything else is no opt-out, and it survives formatting', () => {
    expect(parseStructuredReply('{"reply":"","opt_out":true}').optOut).toBe(true);
    expect(parseStructuredReply('{"reply":"Oi","opt_out":"sim"}').optOut).toBe(false);
    expect(parseStructuredReply('{"reply":"Oi"}').optOut).toBe(false);
    expect(parseStructuredReply('texto solto').optOut).toBeUndefined();
    const again = parseStructuredReply(
      formatStructuredReply({ reply: '', handoff: null, needsOwner: null, hotLead: false, optOut: true }),
    );
    expect(again.optOut).toBe(true);
    expect(REPLY_FORMAT_INSTRUCTIONS).toMatch(/"opt_out": true somente quando o cliente pede para não receber/);
  });
});
