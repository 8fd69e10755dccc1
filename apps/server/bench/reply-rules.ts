/**
 * npm run bench:reply-rules — the CPU the reply path's text rules spend per message, in process, no database:
 * the opt-out reading of every customer message (domain/conversation-rules/opt-out.ts) and the booking claims
 * read from every AI answer (domain/agenda-guard/booking-claims.ts), on ordinary messages and answers (most
 * traffic) and on the bench:engine's own ('m-<uuid>' and its echo). Measured as process CPU time (not the
 * clock), the least of REPEATS (7) runs of ROUNDS (2,000) rounds: what other load on the machine changes
 * least (docs/performance.md, "The reply path against the round's base"). Prints; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { bookingClaims } from '../src/domain/agenda-guard/booking-claims.ts';
import { isOptOut } from '../src/domain/conversation-rules/opt-out.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 7);

/** What customers write most of the time. */
const CUSTOMER = [
  'Oi, boa tarde! Vocês têm bolo de chocolate?',
  'Quanto custa o bolo de morango de 2 kg?',
  'Queria encomendar para sábado',
  'Vocês entregam no centro?',
  'ok obrigado',
  'Qual o horário de funcionamento?',
  'Aceita pix?',
  'Tem sem lactose?',
  'Bom dia',
  'Pode ser às 15h?',
  'Quero 2 bolos de cenoura com cobertura',
  'não sei ainda, vou ver com meu marido',
];
/** What the AI answers most of the time. */
const ANSWERS = [
  'Oi! Temos sim, o bolo de chocolate sai por R$ 80,00 o quilo. Quer encomendar?',
  'Entregamos no centro, sim! A taxa é de R$ 10,00.',
  'Funcionamos de segunda a sábado, das 9h às 18h.',
  'Aceitamos Pix, cartão e dinheiro. 😊',
  'Temos opções sem lactose: bolo de laranja e de cenoura. Qual você prefere?',
  'Perfeito! Anotei 2 bolos de cenoura com cobertura. Para quando seria?',
];

function cpuMicrosPerCall(texts: readonly string[], fn: (t: string) => unknown): number {
  for (const t of texts) fn(t); // warm-up
  let best = Infinity;
  for (let r = 0; r < REPEATS; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < ROUNDS; i++) for (const t of texts) fn(t);
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / (ROUNDS * texts.length));
  }
  return best;
}

const benchIds = Array.from({ length: 12 }, () => `m-${randomUUID()}`);
console.log(`reply rules, CPU µs per message (least of ${REPEATS} × ${ROUNDS} rounds)`);
console.log(`  opt-out, customer messages:   ${cpuMicrosPerCall(CUSTOMER, isOptOut).toFixed(2)} µs`);
console.log(`  opt-out, bench:engine's:      ${cpuMicrosPerCall(benchIds, isOptOut).toFixed(2)} µs`);
console.log(`  booking claims, AI answers:   ${cpuMicrosPerCall(ANSWERS, bookingClaims).toFixed(2)} µs`);
console.log(
  `  booking claims, bench echo:   ${cpuMicrosPerCall(
    benchIds.map((id) => `eco ${id}`),
    bookingClaims,
  ).toFixed(2)} µs`,
);
