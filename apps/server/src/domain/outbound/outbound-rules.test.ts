/**
 * Every origin × rule pair of the door out (docs/decisions/046-one-door-out.md): the rule stops (or
 * holds) a message of that origin exactly when the table says it applies, and the decision record's
 * table says the same as the code's.
 */
import { readFileSync } from 'node:fs';
import { outboundOriginSchema } from '@vendai/contracts';
import { describe, expect, it } from 'vitest';
import { OUTBOUND_ORIGINS } from './outbound-origin.ts';
import { applies, OUTBOUND_RULES, type OutboundFacts, outboundStop, RULES_BY_ORIGIN } from './outbound-rules.ts';

/** The fact that triggers each rule decided by outboundStop (spend and price_guard act on the text). */
const TRIGGER: Partial<Record<(typeof OUTBOUND_RULES)[number], OutboundFacts>> = {
  group: { group: true },
  opt_out: { optedOut: true },
  never_answer: { neverAnswer: true },
  manual: { manual: true },
  paid: { paidOrClosed: true },
  business_hours: { outsideHours: true },
  daily_cap: { overDailyCap: true },
  window: { windowClosed: true },
  approval: { approval: true },
};

describe('the door out’s rules, origin × rule', () => {
  for (const origin of OUTBOUND_ORIGINS)
    for (const rule of OUTBOUND_RULES) {
      const facts = TRIGGER[rule];
      if (!facts) continue;
      it(`${origin} × ${rule}: ${applies(origin, rule) ? 'stops it' : `skipped (${RULES_BY_ORIGIN[origin][rule]})`}`, () => {
        expect(outboundStop(origin, facts)).toBe(applies(origin, rule) ? rule : null);
      });
    }

  it('the contracts’ origins (the messages page’s labels) are the door’s', () => {
    expect([...outboundOriginSchema.options]).toEqual([...OUTBOUND_ORIGINS]);
  });

  it('nothing stops a message when no rule’s fact holds', () => {
    for (const origin of OUTBOUND_ORIGINS) expect(outboundStop(origin, {})).toBeNull();
  });

  it('the first rule in the fixed order wins', () => {
    const all = Object.assign({}, ...Object.values(TRIGGER)) as OutboundFacts;
    expect(outboundStop('ai_touch', all)).toBe('group');
    expect(outboundStop('scheduled', all)).toBe('opt_out');
    expect(outboundStop('manual', all)).toBe('window');
    expect(outboundStop('owner_alert', all)).toBeNull();
  });

  it('AI-written origins get the price guard and count toward the spend ceilings, touches included', () => {
    expect(OUTBOUND_ORIGINS.filter((o) => applies(o, 'price_guard')).sort()).toEqual(
      ['ai_reply', 'ai_touch', 'draft', 'handoff_answer'].sort(),
    );
    expect(OUTBOUND_ORIGINS.filter((o) => applies(o, 'spend')).sort()).toEqual(
      ['ai_reply', 'ai_touch', 'draft', 'handoff_answer'].sort(),
    );
  });

  it('the decision record’s table says what the code does', () => {
    const doc = readFileSync(new URL('../../../../../docs/decisions/046-one-door-out.md', import.meta.url), 'utf8');
    const lines = doc.split('\n').filter((l) => l.startsWith('| '));
    const header = lines[0]!.split('|').map((c) => c.trim());
    const origins = header.slice(2, -1);
    expect([...origins].sort()).toEqual([...OUTBOUND_ORIGINS].sort());
    const rows = lines.slice(2);
    expect(
      rows.map(
        (r) =>
          r
            .split('|')[1]!
            .trim()
            .replace(/^\d+\. /, '')
            .split(' ')[0],
      ),
    ).toEqual([...OUTBOUND_RULES]);
    rows.forEach((row, i) => {
      const cells = row
        .split('|')
        .slice(2, -1)
        .map((c) => c.trim());
      origins.forEach((origin, j) => {
        const rule = OUTBOUND_RULES[i]!;
        expect(cells[j]!.startsWith('✅'), `${origin} × ${rule}`).toBe(applies(origin as never, rule));
      });
    });
  });
});
