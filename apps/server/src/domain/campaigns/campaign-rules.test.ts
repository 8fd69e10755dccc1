/**
 * The campaigns' pure rules (docs/decisions/072-campaigns.md): the QR warm-up, Meta's messaging limit tiers
 * (https://developers.facebook.com/docs/whatsapp/messaging-limits), the quality pause, the random spacing,
 * the cost before 'Enviar', the monthly run, the CSV of declared consent and the variation's guard.
 */
import { describe, expect, it } from 'vitest';
import {
  BLOCKS_MAX_SHARE,
  BLOCKS_MIN_REACHED,
  blocksPauseReason,
  cloudDailyLimit,
  estimatedCostBrl,
  nextGapMs,
  nextMonthly,
  qrDailyLimit,
  qualityEventPauseReason,
  qualityPauseReason,
} from './campaign-rules.ts';
import { parseConsentCsv } from './consent-csv.ts';
import { acceptVariation } from './vary-text.ts';

const day = (n: number) => new Date(Date.UTC(2026, 10, 30) - n * 86_400_000);
const now = new Date(Date.UTC(2026, 10, 30));

describe('campaign rules', () => {
  it('warms a new QR number up: 10, 20, 40, then 60 a day', () => {
    expect([1, 8, 20, 45].map((age) => qrDailyLimit(day(age), now))).toEqual([10, 20, 40, 60]);
  });
  it('follows Meta’s messaging limit tier on Cloud, the lowest when unknown', () => {
    expect(cloudDailyLimit('TIER_1K')).toBe(1000);
    expect(cloudDailyLimit('TIER_10K')).toBe(10_000);
    expect(cloudDailyLimit(null)).toBe(250);
  });
  it('pauses when the quality rating leaves green', () => {
    expect(qualityPauseReason('GREEN')).toBeNull();
    expect(qualityPauseReason('YELLOW')).toContain('média');
    expect(qualityPauseReason('RED')).toContain('baixa');
  });
  it('spaces QR sends at random within the range, Cloud steadily', () => {
    const config = { qrMinGapMs: 60_000, qrMaxGapMs: 180_000, cloudGapMs: 1_000 };
    expect(nextGapMs('qr', config, () => 0)).toBe(60_000);
    expect(nextGapMs('qr', config, () => 1)).toBe(180_000);
    expect(nextGapMs('cloud', config, () => 0.5)).toBe(1_000);
  });
  it('estimates Meta’s marketing price in reais on Cloud; QR costs nothing', () => {
    // 100 × US$ 0.0625 × 5.4 = R$ 33.75 (decision 064's rate card).
    expect(estimatedCostBrl('cloud', 100)).toBe(33.75);
    expect(estimatedCostBrl('qr', 100)).toBe(0);
  });
  it('runs a monthly campaign on the same day next month, the last day when shorter', () => {
    expect(nextMonthly(new Date('2026-01-31T13:00:00Z')).toISOString()).toBe('2026-02-28T13:00:00.000Z');
    expect(nextMonthly(new Date('2026-11-10T13:00:00Z')).toISOString()).toBe('2026-12-10T13:00:00.000Z');
  });
});

describe('the CSV of declared consent', () => {
  it('keeps the good lines and reports each bad one in Portuguese', () => {
    const csv =
      'nome;telefone\nAna;(11) 98765-4321\nBia;123\nsem telefone\nCaio;+55 21 99876-5432\nAna de novo;11987654321\n';
    const out = parseConsentCsv(csv);
    expect(out.rows.map((r) => [r.name, r.address])).toEqual([
      ['Ana', '5511987654321@s.whatsapp.net'],
      ['Caio', '5521998765432@s.whatsapp.net'],
    ]);
    expect(out.errors.map((e) => [e.line, e.error])).toEqual([
      [3, 'Não encontramos um telefone nesta linha.'],
      [4, 'Não encontramos um telefone nesta linha.'],
      [6, 'Este telefone já apareceu numa linha anterior.'],
    ]);
  });
});

describe('the QR track’s variation', () => {
  const text = 'Oi Ana! Esta semana o bolo de pote sai por R$ 10, até dia 15.';
  it('accepts a variation that keeps the owner’s figures', () => {
    const v = 'Olá, Ana! Tudo bem? Esta semana o bolo de pote sai por R$ 10, até dia 15 😊';
    expect(acceptVariation(text, v)).toBe(v);
  });
  it('refuses a variation that changes the figures', () => {
    expect(acceptVariation(text, 'Olá! O bolo de pote sai por R$ 8 esta semana, até dia 15.')).toBeNull();
    expect(acceptVariation(text, '')).toBeNull();
  });
  it('passes the door’s price guard like any AI text: no discount the owner did not offer', () => {
    // Same figures, but a discount the owner never offered: the price guard (domain/price-guard) holds it back.
    expect(
      acceptVariation(text, 'Olá, Ana! Esta semana o bolo de pote sai por R$ 10 com desconto especial, até dia 15.'),
    ).toBeNull();
    const offer = 'Oi Ana! Esta semana tem 10% de desconto no bolo de pote, até dia 15.';
    const v = 'Olá, Ana! Até dia 15 o bolo de pote está com 10% de desconto.';
    expect(acceptVariation(offer, v)).toBe(v);
  });
});

describe('pausing by itself (decision 078)', () => {
  it('on the quality events that say the number is in trouble', () => {
    // phone_number_quality_update events
    // (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/phone_number_quality_update).
    expect(qualityEventPauseReason('FLAGGED')).toContain('qualidade do número como baixa');
    expect(qualityEventPauseReason('DOWNGRADE')).toContain('reduziu o limite');
    for (const e of ['UNFLAGGED', 'UPGRADE', 'ONBOARDING', 'THROUGHPUT_UPGRADE', null])
      expect(qualityEventPauseReason(e)).toBeNull();
  });

  it('when the share who asked to stop passes the threshold over the minimum sample', () => {
    expect(BLOCKS_MIN_REACHED).toBe(20);
    expect(BLOCKS_MAX_SHARE).toBe(0.05);
    // Too few reached to tell: even half stopping is not yet a signal.
    expect(blocksPauseReason(19, 10)).toBeNull();
    // One in 20 (5 %) is one unhappy customer; two in 20 (10 %) pauses.
    expect(blocksPauseReason(20, 1)).toBeNull();
    expect(blocksPauseReason(20, 2)).toBe(
      'Pausada automaticamente: 2 de 20 clientes (10%) pediram para parar de receber esta campanha. Muitos pedidos assim derrubam a qualidade do número na Meta; revise a mensagem e o público antes de retomar.',
    );
    expect(blocksPauseReason(100, 5)).toBeNull();
    expect(blocksPauseReason(100, 6)).toContain('6 de 100');
  });
});
