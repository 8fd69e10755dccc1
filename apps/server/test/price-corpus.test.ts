import { describe, expect, it } from 'vitest';
import { checkReply } from '../src/domain/price-guard/check-reply.ts';
import { allowedFor, type CorpusCase, PRICE_CORPUS } from './fixtures/price-corpus.ts';

/**
 * The price corpus (docs/decisions/047-price-guard-amounts.md): every sentence judged as the engine
 * judges an answer — through the same builders and the same rule (checkReply); see `allowedFor`.
 */

const label = (c: CorpusCase) => `${c.ok ? 'envia' : 'segura'} · ${c.shop} · ${c.reply}`;

describe('the price corpus', () => {
  it('has at least 300 sentences, both verdicts, many without R$', () => {
    expect(PRICE_CORPUS.length).toBeGreaterThanOrEqual(300);
    const inventedWithoutSign = PRICE_CORPUS.filter((c) => !c.ok && !/R\$|reais|real|conto/i.test(c.reply));
    expect(inventedWithoutSign.length).toBeGreaterThanOrEqual(60);
    expect(PRICE_CORPUS.filter((c) => c.ok && c.customer).length).toBeGreaterThanOrEqual(40);
  });

  it('holds back every invented amount written without R$ and lets every true total for the conversation through', () => {
    const judged = PRICE_CORPUS.map((c) => ({ c, ok: checkReply(c.reply, allowedFor(c)).ok }));
    const inventedWithoutSign = judged.filter(({ c }) => !c.ok && !/R\$|reais|real\b|conto/i.test(c.reply));
    expect(inventedWithoutSign.filter((j) => j.ok).map((j) => j.c.reply)).toEqual([]);
    const totals = judged.filter(({ c }) => c.ok && (c.customer || c.order));
    expect(totals.filter((j) => !j.ok).map((j) => j.c.reply)).toEqual([]);
  });

  it.each(PRICE_CORPUS.map((c) => [label(c), c] as const))('%s', (_, c) => {
    const verdict = checkReply(c.reply, allowedFor(c));
    const seen = verdict.ok
      ? 'allowed'
      : `blocked (${verdict.unknownCents.join(', ')}${verdict.discount ? ', desconto' : ''})`;
    expect(seen).toEqual(c.ok ? 'allowed' : expect.stringMatching(/^blocked/));
  });
});
