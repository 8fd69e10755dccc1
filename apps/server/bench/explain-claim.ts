/**
 * The reply claim's cost per call, measured in what load does not change: the buffers it touches and the rows
 * its plan visits (docs/performance.md, "The reply path against the round's base"). Run against a database
 * a `bench:engine` run kept (`BENCH_KEEP_DATABASE=1`):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/vendai_bench_engine_… node --import tsx apps/server/bench/explain-claim.ts
 *
 * In a transaction that is rolled back, `BURSTS` (1) finished bursts are put back to waiting and due, and the
 * claim statement the scheduler runs (`claimDueReplies`, its text and parameters as sent) is run under
 * `EXPLAIN (ANALYZE, BUFFERS)` with the generic plan a prepared statement gets; `ROUNDS` (20) times. Prints
 * the buffers (shared hit + read) and the execution time (per-node timing off), median and minimum (the least
 * disturbed by other load), and the plan of the last round.
 */
import pg from 'pg';
import { claimDueReplies } from '../src/modules/conversation-engine/replies/claim-due-replies.ts';

const BURSTS = Number(process.env.BURSTS ?? 1);
const ROUNDS = Number(process.env.ROUNDS ?? 20);

interface PlanNode {
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
}

async function main() {
  // The statement as the scheduler sends it: captured from a stand-in pool.
  let captured: { text: string; values: unknown[] } | undefined;
  await claimDueReplies(
    {
      kind: 'postgres',
      pglite: undefined,
      pool: {
        query: async (q: { text: string; values: unknown[] }) => {
          captured = q;
          return { rows: [] };
        },
      },
    } as never,
    32,
    20,
  );
  if (!captured) throw new Error('the claim statement was not captured');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const literal = (v: unknown) => (typeof v === 'number' ? String(v) : client.escapeLiteral(String(v)));
  const hits: number[] = [];
  const times: number[] = [];
  let plan = '';
  for (let round = 0; round < ROUNDS; round++) {
    await client.query('begin');
    await client.query("set local plan_cache_mode = 'force_generic_plan'");
    await client.query(
      `update reply_bursts set state = 'waiting', due_at = now() - interval '1 second'
       where id in (select id from reply_bursts where state = 'done' order by random() limit ${BURSTS})`,
    );
    await client.query(`prepare claim as ${captured.text}`);
    const execute = `execute claim(${captured.values.map(literal).join(', ')})`;
    const [json] = (await client.query(`explain (analyze, buffers, timing off, format json) ${execute}`)).rows[0][
      'QUERY PLAN'
    ] as { Plan: PlanNode; 'Execution Time': number }[];
    hits.push((json!.Plan['Shared Hit Blocks'] ?? 0) + (json!.Plan['Shared Read Blocks'] ?? 0));
    times.push(json!['Execution Time']);
    if (round === ROUNDS - 1) {
      await client.query('rollback');
      await client.query('begin');
      await client.query(
        `update reply_bursts set state = 'waiting', due_at = now() - interval '1 second'
         where id in (select id from reply_bursts where state = 'done' order by random() limit ${BURSTS})`,
      );
      await client.query("set local plan_cache_mode = 'force_generic_plan'");
      await client.query(`prepare claim2 as ${captured.text}`);
      const rows = (
        await client.query(
          `explain (analyze, buffers, costs off) execute claim2(${captured.values.map(literal).join(', ')})`,
        )
      ).rows;
      plan = rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    }
    await client.query('rollback');
    await client.query('deallocate all');
  }
  await client.end();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(plan);
  console.log(
    `claim of ${BURSTS} burst(s), ${ROUNDS} rounds: buffers (shared hit + read) median ${median(hits)} (min ${Math.min(...hits)}, max ${Math.max(...hits)}); execution median ${median(times).toFixed(3)} ms, min ${Math.min(...times).toFixed(3)} ms`,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
