import { z } from 'zod';
import { type AlertDeps, deliverAlert } from '../../../domain/handoff/owner-alerts.ts';
import { defineJob, defineJobType } from '../../../jobs/job.ts';
import { alertDeps, type EngineDeps } from '../engine-deps.ts';
import {
  markUnconfirmed,
  recentDeliveryAlert,
  selectFailedMessages,
  type UnconfirmedRow,
} from './recovery-repository.ts';

/** What the sweep needs: the database, realtime, a log and the owner alerts' path. */
export type UnconfirmedSendsDeps = Pick<EngineDeps, 'db' | 'realtime' | 'log'> & { alerts: AlertDeps };
import { PendingRealtimeEvents } from '../realtime-events.ts';

/**
 * Shown on a QR number's message that WhatsApp never confirmed. Since mid-2026 WhatsApp refuses some
 * sends of WhatsApp-Web clients (error 463, the reach-out time-lock); Evolution 2.3.7 (Baileys
 * 7.0.0-rc.9) then leaves the message PENDING for ever, with no error (docs/evolution-api-contract.md).
 */
export const SEND_NOT_CONFIRMED =
  'O WhatsApp não confirmou o envio: a mensagem ficou pendente no celular conectado (o WhatsApp pode estar limitando os envios deste número). Confira no celular e reenvie se preciso.';

/** A send with no receipt this long after it was written is taken as not delivered. */
export const UNCONFIRMED_AFTER = '3 minutes';
/** Older sends are never looked at again (and the migration counted the last two days as confirmed). */
const LOOK_BACK = '1 day';
/** At most this many messages marked per run (the next minute takes the rest). */
const BATCH = 500;

/**
 * Marks the QR numbers' sends that WhatsApp never confirmed (no receipt at or past SERVER_ACK within
 * UNCONFIRMED_AFTER) as failed with SEND_NOT_CONFIRMED: the inbox shows them as not delivered, Resultados
 * counts them as failed sends, and the owner is alerted once per number per day. A receipt that still
 * comes later moves the message on (ingestion/apply-delivery-status.ts). Official-API numbers are left
 * out: Meta reports every failure in a status webhook.
 */
export async function markUnconfirmedSends(deps: UnconfirmedSendsDeps): Promise<number> {
  const marked = await markUnconfirmed(deps.db, {
    after: UNCONFIRMED_AFTER,
    lookBack: LOOK_BACK,
    batch: BATCH,
    error: SEND_NOT_CONFIRMED,
  });
  if (marked.length === 0) return 0;
  const rows = await selectFailedMessages(deps.db, marked);
  const events = new PendingRealtimeEvents();
  for (const row of rows) events.message(row, 'updated');
  await events.publish(deps);
  const byNumber = new Map<string, { row: UnconfirmedRow; count: number }>();
  for (const row of marked) {
    const seen = byNumber.get(row.number_id);
    byNumber.set(row.number_id, { row: seen?.row ?? row, count: (seen?.count ?? 0) + 1 });
  }
  for (const { row, count } of byNumber.values()) await alertOncePerDay(deps, row, count);
  deps.log.warn({ messages: marked.length, numbers: byNumber.size }, 'engine: sends WhatsApp never confirmed');
  return marked.length;
}

/** One alert per number per day, whatever the number of messages (the alert says how many). */
async function alertOncePerDay(deps: UnconfirmedSendsDeps, row: UnconfirmedRow, count: number): Promise<void> {
  const recent = await recentDeliveryAlert(deps.db, row);
  if (recent?.found) return;
  const name = row.apelido ?? row.number_phone;
  await deliverAlert(deps.alerts, {
    accountId: row.user_id,
    convId: row.conv_id,
    kind: 'delivery_failed',
    text: [
      `⚠️ ${count === 1 ? 'Uma mensagem' : `${count} mensagens`} do número ${name} não ${count === 1 ? 'foi entregue' : 'foram entregues'}: o WhatsApp não confirmou o envio.`,
      'O WhatsApp pode estar limitando os envios deste número. Confira no celular conectado e reenvie pela caixa de entrada.',
      `Ver conversas: ${deps.alerts.appUrl}/dashboard`,
    ].join('\n'),
    instanceName: row.instance_name,
    numberPhone: row.number_phone,
    limited: false,
  }).catch((err: unknown) => deps.log.warn({ err }, 'engine: the unconfirmed-sends alert failed'));
}

const unconfirmedSendsJobType = defineJobType({
  id: 'engine.unconfirmed-sends',
  payload: z.object({}),
  cron: '* * * * *',
  queue: { retryLimit: 1, expireInSeconds: 5 * 60, deleteAfterSeconds: 3600 },
  batchSize: 1,
});

/** The sweep, every minute (pg-boss: one run across processes). */
export function unconfirmedSendsJob(deps: EngineDeps) {
  return defineJob(unconfirmedSendsJobType, async () => {
    await markUnconfirmedSends({ ...deps, alerts: alertDeps(deps) });
  });
}
