/**
 * The server the browser tests drive: the real app (same buildApp as `npm start`) on a fresh
 * embedded database, mailing through a real SMTP server on 127.0.0.1 that catches every mail.
 * A second loopback port lets tests read the caught mail, age records (e.g. expire a reset link) and
 * ask whether the conversation engine is done with a number (for "the AI stays quiet" checks).
 * Started by Playwright's webServer; stopped with SIGTERM.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { readJson, seedInbox, type SeedInboxInput } from './inbox-seed.ts';
import { seedResults } from './results-seed.ts';
import { seedHints } from './hint-seed.ts';
import { getOverageStatus } from '../../apps/server/src/domain/usage/overage-ceiling.ts';
import { resultRows } from '../../apps/server/src/db/rows.ts';
import { engineIdleOf } from '../../apps/server/test/helpers/engine-progress.ts';

const APP_PORT = Number(process.env.E2E_PORT ?? 3210);
const CONTROL_PORT = Number(process.env.E2E_CONTROL_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1);

interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  at: string;
}
const mails: CaughtMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
        mails.push({
          to: to ?? '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          at: new Date().toISOString(),
        });
        callback();
      })
      .catch(callback);
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as { port: number }).port;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-e2e-'));
const env = loadEnv({
  ...process.env,
  // Not production: the journeys pay on the local payments stand-in, which production refuses
  // (docs/decisions/020-production-mode.md); e2e/production-start.spec.ts starts the bundle as `npm start` does.
  NODE_ENV: 'test',
  AUTH_SECRET: 'e2e-secret-0123456789-0123456789-0123456789',
  HOST: '127.0.0.1',
  PORT: String(APP_PORT),
  APP_URL: `http://localhost:${APP_PORT}`,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_PER_MINUTE: '30',
  // Every journey signs up from 127.0.0.1.
  SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000',
  // The built-in WhatsApp simulator is the gateway for every journey.
  SIMULATOR_ENABLED: 'true',
  EVOLUTION_API_URL: '',
  EVOLUTION_API_KEY: '',
  // The demo AI, unless a second Playwright project sets AI_PROVIDER=openai and AI_BASE_URL (the
  // fake OpenAI server).
  AI_PROVIDER: process.env.AI_PROVIDER ?? 'demo',
  // Follow-ups are looked for every second (e2e/follow-ups.spec.ts and e2e/cloud-api.spec.ts move the
  // clock with /age-follow-ups). The ai-live project's harness, whose journeys have no follow-ups, keeps the
  // product's default (playwright.config.ts): it idles through most of the run.
  FOLLOW_UPS_POLL_SECONDS: process.env.FOLLOW_UPS_POLL_SECONDS ?? '1',
  // The journeys pay on the local stand-in.
  PAYMENTS_STANDIN_ENABLED: 'true',
  // Owners who pick Mercado Pago are served by the local Pix stand-in's Mercado Pago (e2e/pix-mercadopago.spec.ts).
  PIX_MERCADOPAGO_URL: 'local',
  STRIPE_SECRET_KEY: '',
  SALES_CONTACT_URL: 'https://wa.me/5511999990000?text=Quero%20o%20plano%20Sem%20Limites',
});
const database = await openDatabase({ dataDir: env.dataDir });
const app = await buildApp({ env, database });
await app.listen({ host: '127.0.0.1', port: APP_PORT });

/**
 * Whether the engine has nothing left to do for a number (engine-progress.ts), its AI answers so far and the
 * customers' messages stored for it (an official-API number's customers write through the Graph stand-in,
 * whose messages live in memory: a journey waits for them to be stored before reading "idle").
 */
async function engineState(
  instanceName: string,
): Promise<{ idle: boolean; aiMessages: number; contactMessages: number }> {
  const [number] = resultRows<{ id: string; user_id: string }>(
    await database.db.execute(sql`select id, user_id from numbers where instance_name = ${instanceName}`),
  );
  if (!number) return { idle: true, aiMessages: 0, contactMessages: 0 };
  const idle = await engineIdleOf(database.db, { instanceName, numberId: number.id, userId: number.user_id });
  const [counts] = resultRows<{ ai: number | string; contact: number | string }>(
    await database.db.execute(sql`
      select count(*) filter (where m.author = 'ai') as ai, count(*) filter (where m.author = 'contact') as contact
      from messages m join conversations c on c.id = m.conv_id
      where c.number_id = ${number.id}`),
  );
  return { idle, aiMessages: Number(counts!.ai), contactMessages: Number(counts!.contact) };
}

const control = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  res.setHeader('content-type', 'application/json');
  if (req.method === 'GET' && url.pathname === '/mails') {
    const to = url.searchParams.get('to');
    res.end(JSON.stringify(mails.filter((m) => !to || m.to.includes(to))));
    return;
  }
  if (req.method === 'GET' && url.pathname === '/engine') {
    // For "the AI stays quiet" checks: whether the engine is done with a number, and its AI answers.
    res.end(JSON.stringify(await engineState(url.searchParams.get('instance') ?? '')));
    return;
  }
  if (req.method === 'POST' && url.pathname === '/expire-reset-links') {
    // One person's links only: journeys run on two workers against this one server (playwright.config.ts).
    const { email } = await readJson<{ email: string }>(req);
    await database.db.execute(
      sql`update verification set expires_at = now() - interval '1 minute'
        where identifier like 'reset-password:%' and value in (select id from "user" where email = ${email})`,
    );
    res.end('{"ok":true}');
    return;
  }
  if (req.method === 'POST' && url.pathname === '/age-follow-ups') {
    // The clock moves for a number's conversations: their messages, the customer's last message (the
    // 24-hour window of official-API numbers, decision 041) and follow-ups happened `minutes` earlier.
    const { instance, minutes } = await readJson<{ instance: string; minutes: number }>(req);
    const shift = sql`make_interval(mins => ${Math.round(minutes)})`;
    const convs = sql`(select c.id from conversations c join numbers n on n.id = c.number_id where n.instance_name = ${instance})`;
    await database.db.execute(sql`update messages set created_at = created_at - ${shift} where conv_id in ${convs}`);
    await database.db.execute(
      sql`update conversations set last_message = last_message - ${shift},
        customer_last_at = customer_last_at - ${shift} where id in ${convs}`,
    );
    await database.db.execute(sql`
      update follow_ups set due_at = due_at - ${shift}, created_at = created_at - ${shift},
        sent_at = sent_at - ${shift} where conv_id in ${convs}`);
    res.end('{"ok":true}');
    return;
  }
  if (req.method === 'POST' && url.pathname === '/seed-results') {
    try {
      res.end(JSON.stringify(await seedResults(app, await readJson<{ email: string }>(req))));
    } catch (err) {
      res.statusCode = 500;
      res.end(JSON.stringify({ error: String(err) }));
    }
    return;
  }
  if (req.method === 'POST' && url.pathname === '/use-plan-messages') {
    // A paid owner has used up the plan's AI messages this period: every answer now is overage
    // (docs/decisions/021-spend-and-abuse-limits.md).
    const { email } = await readJson<{ email: string }>(req);
    const [owner] = (
      (await database.db.execute(sql`
        select u.id, p.max_ai_messages as max from "user" u join profiles pr on pr.id = u.id
        join plans p on p.id = pr.active_plan_id where u.email = ${email}`)) as unknown as {
        rows: { id: string; max: number }[];
      }
    ).rows;
    if (!owner) {
      res.statusCode = 404;
      res.end('{}');
      return;
    }
    await getOverageStatus(database.db, owner.id);
    await database.db.execute(sql`update overage_periods set answers = ${owner.max} where user_id = ${owner.id}`);
    res.end('{"ok":true}');
    return;
  }
  if (req.method === 'POST' && url.pathname === '/seed-hints') {
    try {
      res.end(
        JSON.stringify(await seedHints(app, await readJson<{ email: string; quiet?: number; guarded?: number }>(req))),
      );
    } catch (err) {
      res.statusCode = 500;
      res.end(JSON.stringify({ error: String(err) }));
    }
    return;
  }
  if (req.method === 'POST' && url.pathname === '/seed-inbox') {
    try {
      res.end(JSON.stringify(await seedInbox(app, await readJson<SeedInboxInput>(req))));
    } catch (err) {
      res.statusCode = 500;
      res.end(JSON.stringify({ error: String(err) }));
    }
    return;
  }
  res.statusCode = 404;
  res.end('{}');
});
control.listen(CONTROL_PORT, '127.0.0.1');

const stop = async () => {
  control.close();
  await app.close();
  await database.close();
  smtp.close(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
console.log(`e2e harness ready on http://localhost:${APP_PORT}`);
