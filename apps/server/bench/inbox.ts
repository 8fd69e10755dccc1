/**
 * Inbox read benchmark (npm run bench:inbox): on PostgreSQL, one user with 100,000 conversations and
 * 1,000,000 messages; p50/p95 of the inbox's own service functions (the code behind
 * GET /api/conversations, /count and /:id/messages) for
 *   - the first conversation page,
 *   - a deep page (the page after row 50,000, reached by its keyset cursor),
 *   - the latest 30 messages of a conversation with 100,000 messages, and an old page of it,
 *   - the exact conversation count (a separate call; see docs/performance.md),
 *   - Resultados for the last 30 days, all numbers (GET /api/results: every figure, the previous
 *     30 days, per day and the heat map), with "now" just after the newest seeded message,
 * and, before the rounds, the first Resultados call on an account not rolled up yet and the background
 * rollup of its whole history (from its first message, 2020), run to the end: seconds, steps, job runs.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:inbox
 *
 * Options (env): BENCH_CONVERSATIONS (100000), BENCH_MESSAGES (1000000), BENCH_RUNS rounds (300),
 * BENCH_WARMUP rounds (50).
 * A throwaway database is created on the server in DATABASE_URL and dropped at the end
 * (BENCH_KEEP=1 keeps it and prints its name; BENCH_DB=<name> measures a kept one again without seeding).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { resultRows } from '../src/db/rows.ts';
import { conversations, numbers, profiles, user } from '../src/db/schema/index.ts';
import { conversationPageQuery, messagePageQuery } from '../src/modules/conversations/conversations-repository.ts';
import { countConversations } from '../src/modules/conversations/count-conversations.ts';
import { listConversations } from '../src/modules/conversations/list-conversations.ts';
import { listMessages } from '../src/modules/conversations/list-messages.ts';
import { getResults } from '../src/modules/results/get-results.ts';
import { rollUpPendingAccounts } from '../src/modules/results/rollup-job.ts';
import { runConversationSearch } from '../src/modules/conversation-search/run-search.ts';
import { conversationSearchQuery, messageSearchSql } from '../src/modules/conversation-search/search-repository.ts';

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 50);
/** The newest conversation gets this share of the messages; the rest are spread evenly. */
/** A conversation that exists at any size and has a name (every 4th has none). */
const PROBE = CONVERSATIONS >= 4242 ? 4242 : 42;
const HOT_MESSAGES = Math.min(100_000, Math.floor(MESSAGES / 10));
/** Resultados' "now": the seeded messages end at 2025-06-01 12:00 UTC, so 30 days hold all of them. */
const RESULTS_NOW = new Date('2025-06-01T15:00:00Z');

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error('bench:inbox needs DATABASE_URL (a PostgreSQL server where it may create and drop a database).');
    process.exit(1);
  }
  const reuse = process.env.BENCH_DB;
  const keep = Boolean(reuse) || process.env.BENCH_KEEP === '1';
  const dbName = reuse ?? `vendai_bench_inbox_${randomBytes(4).toString('hex')}`;
  if (!/^[a-z0-9_]+$/.test(dbName)) throw new Error('BENCH_DB: letters, digits and _ only');
  if (!reuse) await admin(serverUrl, `CREATE DATABASE ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
    const { db } = database;
    const version = await database.pool!.query<{ server_version: string }>('show server_version');
    console.log(`PostgreSQL ${version.rows[0]!.server_version}, database ${dbName}${keep ? ' (kept)' : ''}`);
    const { userId, hotId } = reuse ? await findSeeded(database) : await seed(database);

    // Cursors for the deep cases, taken by walking the real pages' cursors would take 1,666 calls:
    // the cursor of row 50,000 is built from the row itself, exactly as the service encodes it.
    const deepRow = await database.pool!.query<{ at: string; id: string }>(
      `select to_char(last_message at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') at, id from conversations
       where user_id = $1 order by last_message desc, id desc offset $2 limit 1`,
      [userId, Math.floor(CONVERSATIONS / 2) - 1],
    );
    const deepCursor = Buffer.from(`${deepRow.rows[0]!.at}|${deepRow.rows[0]!.id}`).toString('base64url');
    const oldMsg = await database.pool!.query<{ at: string; id: string }>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') at, id from messages
       where conv_id = $1 order by created_at desc, id desc offset $2 limit 1`,
      [hotId, Math.floor(HOT_MESSAGES / 2)],
    );
    const oldMsgCursor = Buffer.from(`${oldMsg.rows[0]!.at}|${oldMsg.rows[0]!.id}`).toString('base64url');

    // Sanity: the real services answer full pages in the right order.
    const first = await listConversations({ db, accountId: userId });
    const deep = await listConversations({ db, accountId: userId, cursor: deepCursor });
    const chat = await listMessages({ db, accountId: userId, convId: hotId });
    if (
      first.items.length !== 30 ||
      deep.items.length !== 30 ||
      chat.items.length !== 30 ||
      !first.nextCursor ||
      !chat.nextCursor
    ) {
      throw new Error('the services did not answer full pages');
    }
    if (Date.parse(deep.items[0]!.lastMessage) > Date.parse(first.items.at(-1)!.lastMessage))
      throw new Error('deep page out of order');

    // Inbox search (docs/decisions/040-inbox-search.md): what an owner types in the box.
    const search = (q: string, cursor?: string) =>
      runConversationSearch({ db, accountId: userId, query: { q, cursor } });
    // Each case with what its first page must hold (messages; conversations; transcript hits), checked
    // before timing: a case that finds nothing (or the wrong thing) measures nothing.
    const searches: [string, string, { messages: number | 'some'; conversations?: 'some'; transcripts?: 'some' }][] = [
      ['a common word (4 lines in 30)', 'entregas', { messages: 20 }],
      ['a word of 1 line in 30', 'cardápio', { messages: 20 }],
      ['a rare word (1 in 1,000)', 'reembolso', { messages: 'some' }],
      ['two words', 'bolo chocolate', { messages: 'some' }],
      ['a transcript word (1 in 400)', 'estacionamento', { messages: 'some', transcripts: 'some' }],
      ['an irregular plural, 1 line in 30 (pão → pães)', 'pão', { messages: 20 }],
      ['a word found nowhere', 'xilofone', { messages: 0 }],
      ['a customer name', `Cliente ${PROBE}`, { messages: 0, conversations: 'some' }],
      ['a phone number', `(21) 00000-${String(PROBE).padStart(4, '0')}`, { messages: 0, conversations: 'some' }],
    ];
    for (const [name, q, want] of searches) {
      const found = await search(q);
      const transcripts = found.messages.filter((m) => m.source === 'transcript').length;
      const ok =
        (want.messages === 'some' ? found.messages.length > 0 : found.messages.length === want.messages) &&
        (!want.conversations || found.conversations.length > 0) &&
        (!want.transcripts || transcripts > 0);
      console.log(
        `search '${q}': ${found.messages.length} messages (${transcripts} transcripts), ${found.conversations.length} conversations on the first page`,
      );
      if (!ok) throw new Error(`search: ${name} '${q}' did not find what the seeded data holds`);
    }
    const secondPage = (await search('entregas')).nextCursor;
    if (!secondPage) throw new Error('search: no second page');
    const cases: [string, () => Promise<unknown>][] = [
      ...searches.map(([name, q]): [string, () => Promise<unknown>] => [`search: ${name} '${q}'`, () => search(q)]),
      ["search: 'entregas', second page", () => search('entregas', secondPage)],
      ['conversations: first page (30)', () => listConversations({ db, accountId: userId })],
      [
        `conversations: deep page (after row ${Math.floor(CONVERSATIONS / 2).toLocaleString('en')})`,
        () => listConversations({ db, accountId: userId, cursor: deepCursor }),
      ],
      [
        `messages: latest 30 of a ${HOT_MESSAGES.toLocaleString('en')}-message chat`,
        () => listMessages({ db, accountId: userId, convId: hotId }),
      ],
      [
        'messages: an old page of that chat',
        () => listMessages({ db, accountId: userId, convId: hotId, cursor: oldMsgCursor }),
      ],
      [
        `conversations: exact count (${CONVERSATIONS.toLocaleString('en')})`,
        () => countConversations({ db, accountId: userId }),
      ],
      [
        'results: last 30 days, all numbers',
        () => getResults({ db, accountId: userId, query: { period: '30d' }, now: RESULTS_NOW }),
      ],
    ];
    // A big account's first visit to Resultados: its history is not rolled up yet (reset when reusing
    // BENCH_DB). The request does bounded work only; the background job (rollup-job.ts) rolls it.
    for (const table of ['results_rollup_marks', 'results_hourly', 'results_responses_hourly', 'results_active_hourly'])
      await database.pool!.query(`delete from ${table} where user_id = $1`, [userId]);
    const firstStart = performance.now();
    const firstCall = await getResults({ db, accountId: userId, query: { period: '30d' }, now: RESULTS_NOW });
    console.log(
      `results: first call, history not rolled up (${firstCall.pendingFrom ? 'answers, figures pending' : 'complete'}) ${(performance.now() - firstStart).toFixed(0)} ms`,
    );
    const firstMessage = await database.pool!.query<{ at: string }>(
      `select to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD') at from messages where user_id = $1`,
      [userId],
    );
    const rollStart = performance.now();
    const runTimes: number[] = [];
    let steps = 0;
    for (let behind = 1; behind > 0;) {
      const runStart = performance.now();
      const run = await rollUpPendingAccounts(db, RESULTS_NOW);
      behind = run.behind;
      steps += run.steps;
      runTimes.push(performance.now() - runStart);
    }
    console.log(
      `results: background rollup of the whole history (since ${firstMessage.rows[0]!.at}) ${secs(rollStart)} s, ${steps} steps in ${runTimes.length} job runs (longest run ${(Math.max(...runTimes) / 1000).toFixed(1)} s)`,
    );
    // As autovacuum would after the rollup's inserts: statistics and the visibility map (index-only scans).
    await database.pool!.query('vacuum analyze results_hourly, results_responses_hourly, results_active_hourly');

    // Round-robin: every round runs each case once, so a busy moment on the machine hits all cases alike.
    console.log(
      `\n${RUNS} rounds after ${WARMUP} warm-up rounds, each round runs every case once; milliseconds, service function → PostgreSQL and back`,
    );
    console.log(
      `machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} (1/5/15 min)`,
    );
    for (let i = 0; i < WARMUP; i += 1) for (const [, run] of cases) await run();
    const times = cases.map(() => [] as number[]);
    for (let i = 0; i < RUNS; i += 1) {
      for (const [k, [, run]] of cases.entries()) {
        const s = performance.now();
        await run();
        times[k]!.push(performance.now() - s);
      }
    }
    console.log(`${'case'.padEnd(58)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}`);
    for (const [k, [name]] of cases.entries()) {
      const sorted = times[k]!.sort((a, b) => a - b);
      console.log(`${name.padEnd(58)} ${fmt(pct(sorted, 50))} ${fmt(pct(sorted, 95))} ${fmt(sorted.at(-1)!)}`);
    }
    console.log(
      `load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`,
    );

    console.log("\nPlans of the services' own queries (EXPLAIN ANALYZE):");
    const deepPosition = { at: deepRow.rows[0]!.at, id: deepRow.rows[0]!.id };
    const oldPosition = { at: oldMsg.rows[0]!.at, id: oldMsg.rows[0]!.id };
    for (const [label, query] of [
      ['first conversation page', conversationPageQuery(db, userId, null, 31).toSQL()],
      ['deep conversation page', conversationPageQuery(db, userId, deepPosition, 31).toSQL()],
      ['latest message page', messagePageQuery(db, userId, hotId, null, 31).toSQL()],
      ['old message page', messagePageQuery(db, userId, hotId, oldPosition, 31).toSQL()],
      ['count', db.select({ n: count() }).from(conversations).where(eq(conversations.userId, userId)).toSQL()],
      ['search: conversations by name', conversationSearchQuery(db, userId, 'Cliente 4242', 5).toSQL()],
    ] as const) {
      const plan = await database.pool!.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${query.sql}`, [
        ...query.params,
      ]);
      console.log(`  ${label}:`);
      for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
    }
    for (const q of ['entregas', 'reembolso', 'estacionamento']) {
      console.log(`  search messages '${q}':`);
      const plan = await db.execute(sql`explain (analyze, costs off) ${messageSearchSql(userId, q, null, 21)}`);
      for (const row of resultRows<{ 'QUERY PLAN': string }>(plan)) console.log(`    ${row['QUERY PLAN']}`);
    }
  } finally {
    await database?.close();
    if (keep)
      console.log(
        `\nkept database ${dbName}: BENCH_DB=${dbName} measures it again; drop it with DROP DATABASE ${dbName}`,
      );
    else
      await admin(serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((err: Error) =>
        console.error(`could not drop ${dbName}: ${err.message}`),
      );
  }
}

/** Seeds one user with the conversations and messages (multi-row INSERT … SELECT generate_series). */
async function seed(database: Database): Promise<{ userId: string; hotId: string }> {
  const { db } = database;
  // A second user with a little data, so every query really filters by user.
  const userId = randomUUID();
  const otherId = randomUUID();
  await db.insert(user).values([
    { id: userId, name: 'Bench', email: `bench.${userId}@exemplo.com.br` },
    { id: otherId, name: 'Outra', email: `outra.${otherId}@exemplo.com.br` },
  ]);
  // The owner's personal phone, as every real owner has one: the owner's channel is told apart from the
  // customers by it (domain/phones/owner-channel.ts), on every conversation a count or Resultados reads.
  await db.insert(profiles).values({ id: userId, phone: '11987654321', countryCode: '55' });
  const [number] = await db
    .insert(numbers)
    .values({ userId, token: 't', phone: '5511999990000', instanceName: 'vendai-bench', status: 'CONECTADO' })
    .returning();
  const [otherNumber] = await db
    .insert(numbers)
    .values({ userId: otherId, token: 't', phone: '5511999990001', instanceName: 'vendai-bench-2' })
    .returning();

  let t = performance.now();
  // Three conversations share each last_message instant: the keyset's id tiebreak is exercised.
  await db.execute(sql`
    insert into conversations (user_id, number_id, contact_jid, contact_phone, contact_name, last_message, last_message_preview, unread_count, agente_ativo, type, created_at)
    select ${userId}, ${number!.id}::uuid,
           '5521' || lpad(g::text, 9, '0') || '@s.whatsapp.net', '5521' || lpad(g::text, 9, '0'),
           case when g % 4 = 0 then null else 'Cliente ' || g end,
           timestamptz '2025-06-01 12:00:00+00' - ((g / 3) * interval '47 seconds'),
           'Mensagem número ' || g, g % 7, g % 5 <> 0, case when g % 50 = 0 then 'group' else 'chat' end,
           timestamptz '2025-01-01 00:00:00+00'
    from generate_series(1, ${CONVERSATIONS}) g`);
  await db.execute(sql`
    insert into conversations (user_id, number_id, contact_jid, last_message)
    select ${otherId}, ${otherNumber!.id}::uuid, 'o' || g || '@s.whatsapp.net', now() from generate_series(1, 1000) g`);
  console.log(`${CONVERSATIONS.toLocaleString('en')} conversations in ${secs(t)} s`);

  const hot = await database.pool!.query<{ id: string }>(
    'select id from conversations where user_id = $1 order by last_message desc, id desc limit 1',
    [userId],
  );
  const hotId = hot.rows[0]!.id;
  t = performance.now();
  await db.execute(sql`
    insert into messages (user_id, conv_id, direction, author, content, from_me, message_type, status, created_at)
    select ${userId}, ${hotId}::uuid,
           case when k % 2 = 0 then 'in' else 'out' end, case when k % 2 = 0 then 'contact' else 'ai' end,
           ${chatLine(sql`k`)}, k % 2 = 1, 'text', case when k % 2 = 0 then 'received' else 'read' end,
           timestamptz '2025-06-01 12:00:00+00' - ((k / 2) * interval '13 seconds')
    from generate_series(1, ${HOT_MESSAGES}) k`);
  const rest = MESSAGES - HOT_MESSAGES;
  const perConversation = Math.max(0, Math.floor(rest / Math.max(1, CONVERSATIONS - 1)));
  const extra = rest - perConversation * (CONVERSATIONS - 1);
  await db.execute(sql`
    insert into messages (user_id, conv_id, direction, author, content, from_me, message_type, status, created_at)
    select c.user_id, c.id,
           case when k % 2 = 0 then 'in' else 'out' end, case when k % 2 = 0 then 'contact' else 'ai' end,
           ${chatLine(sql`(k::bigint * 7919 + hashtext(c.id::text))`)}, k % 2 = 1, 'text', case when k % 2 = 0 then 'received' else 'read' end,
           c.last_message - (k * interval '1 minute')
    from conversations c cross join generate_series(0, ${perConversation - 1}) k
    where c.user_id = ${userId} and c.id <> ${hotId}::uuid`);
  if (extra > 0) {
    await db.execute(sql`
      insert into messages (user_id, conv_id, direction, author, content, message_type, created_at)
      select ${userId}, ${hotId}::uuid, 'in', 'contact', 'Extra ' || k, 'text', timestamptz '2020-01-01 00:00:00+00' + k * interval '1 second'
      from generate_series(1, ${extra}) k`);
  }
  // What the AI read of voice notes: one message in 100 has a transcript (inbox search reads them too),
  // one of four texts. The text is picked by the hash's hundreds, not its units: a hash chosen for being
  // a multiple of 100 is a multiple of 4 too, which gave every transcript the first text.
  await db.execute(sql`
    insert into message_insights (message_id, user_id, conv_id, kind, state, text)
    select id, user_id, conv_id, 'transcript', 'done',
           'Transcrição: ' || (array['quero encomendar um bolo de aniversário', 'posso pagar no cartão de crédito',
             'qual o horário de funcionamento', 'tem estacionamento perto da loja'])[1 + (abs(hashtext(id::text)) / 100) % 4]
    from messages where user_id = ${userId} and abs(hashtext(id::text)) % 100 = 0`);
  const counted = await database.pool!.query<{ n: string }>('select count(*) n from messages where user_id = $1', [
    userId,
  ]);
  console.log(
    `${Number(counted.rows[0]!.n).toLocaleString('en')} messages in ${secs(t)} s (${HOT_MESSAGES.toLocaleString('en')} in the busiest chat)`,
  );

  t = performance.now();
  await database.pool!.query('vacuum analyze conversations');
  await database.pool!.query('vacuum analyze messages');
  await database.pool!.query('vacuum analyze message_insights');
  console.log(`vacuum analyze in ${secs(t)} s`);

  return { userId, hotId };
}

/** The busiest user of a kept database, and their busiest chat. */
async function findSeeded(database: Database): Promise<{ userId: string; hotId: string }> {
  const u = await database.pool!.query<{ user_id: string }>(
    'select user_id from conversations group by user_id order by count(*) desc limit 1',
  );
  const userId = u.rows[0]!.user_id;
  const h = await database.pool!.query<{ id: string }>(
    'select id from conversations where user_id = $1 order by last_message desc, id desc limit 1',
    [userId],
  );
  return { userId, hotId: h.rows[0]!.id };
}

async function admin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A customer's or the shop's line, one of 30 everyday ones picked by `n` (each word of them is in about
 * 1 message in 30), and 1 in 1,000 mentions a refund (a rare word for the search cases).
 */
const CHAT_LINES = [
  'Oi, vocês fazem entrega hoje?',
  'Quanto custa o bolo de chocolate?',
  'Bom dia! Qual o horário de funcionamento?',
  'Pode me mandar o cardápio, por favor?',
  'Aceitam Pix ou cartão?',
  'Quero encomendar salgados para sábado',
  'Obrigado, chegou tudo certinho',
  'Qual o prazo de entrega para o centro?',
  'Tem opção sem lactose?',
  'Vou querer dois brigadeiros e um pudim',
  'Consegue fazer um desconto para pagamento à vista?',
  'O pedido já saiu para entrega?',
  'Vocês abrem no domingo?',
  'Qual o endereço da loja?',
  'Gostaria de trocar o sabor do recheio',
  'O motoboy já está a caminho',
  'Segue a chave Pix para pagamento',
  'Temos torta de limão e de morango hoje',
  'Seu pedido ficou em R$ 58,90',
  'Pode confirmar o endereço de entrega?',
  'Tem açaí de 500 ml?',
  'Quero cancelar meu pedido',
  'Vocês fazem kit festa?',
  'Chegou frio, o que faço?',
  'Quantas fatias serve o bolo grande?',
  'Tem vela de aniversário?',
  'Ainda tem pães de queijo quentinhos?',
  'Qual o valor do frete para Niterói?',
  'Vou buscar na loja às 18h',
  'Muito obrigada pelo atendimento!',
];
const chatLine = (n: ReturnType<typeof sql>) =>
  sql`case when abs(${n}) % 1000 = 7 then 'Preciso de um reembolso do pedido ' || abs(${n}) % 97
      else (array[${sql.join(
        CHAT_LINES.map((line) => sql`${line}`),
        sql`, `,
      )}]::text[])[1 + abs(${n}) % ${CHAT_LINES.length}] end`;

const secs = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const fmt = (ms: number) => ms.toFixed(2).padStart(7);

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
