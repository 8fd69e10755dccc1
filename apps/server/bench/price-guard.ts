/**
 * npm run bench:price-guard — the price guard's cost per AI answer (docs/decisions/047-price-guard-amounts.md):
 * every sentence of the price corpus read and judged (checkReply with the conversation's allowance) many
 * times in one process; prints µs per answer, overall and for the answers that quote an amount outside the
 * catalogue (the ones that search sums). No database, no network. Prints; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { checkReply } from '../src/domain/price-guard/check-reply.ts';
import { allowedFor, PRICE_CORPUS } from '../test/fixtures/price-corpus.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const cases = PRICE_CORPUS.map((c) => ({ reply: c.reply, allowed: allowedFor(c), held: !c.ok }));

function run(list: typeof cases): number {
  for (const c of list) checkReply(c.reply, c.allowed); // warm-up
  const start = performance.now();
  for (let r = 0; r < ROUNDS; r++) for (const c of list) checkReply(c.reply, c.allowed);
  return ((performance.now() - start) * 1000) / (ROUNDS * list.length);
}

console.log(`price guard: ${cases.length} answers × ${ROUNDS} rounds`);
console.log(`  every answer:          ${run(cases).toFixed(1)} µs per answer`);
console.log(`  answers held back:     ${run(cases.filter((c) => c.held)).toFixed(1)} µs per answer`);
console.log(`  answers let through:   ${run(cases.filter((c) => !c.held)).toFixed(1)} µs per answer`);
