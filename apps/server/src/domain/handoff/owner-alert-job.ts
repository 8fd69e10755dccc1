import { withRetry } from '../../lib/retry.ts';
import { sendOutbound } from '../outbound/send-outbound.ts';
import {
  type AlertDeps,
  alertSubject,
  type ConversationAlertKind,
  FOLLOW_UPS_PAUSED_SUBJECT,
  SPEND_CEILING_SUBJECT,
} from './owner-alerts.ts';
import { sendOwnerAlertJob } from './owner-alert-job-type.ts';
import { findAlertToSend, findUnqueuedAlerts, recordAlertOutcome } from './owner-alerts-repository.ts';

const ALERT_SEND_FAILED = 'Não foi possível enviar o aviso pelo WhatsApp da empresa.';
const ALERT_MAIL_FAILED = 'Não foi possível enviar o aviso por e-mail.';

/** A pending alert older than this with no job (the process died between writing and queueing) is queued again. */
const REQUEUE_AFTER_SECONDS = 10;

/**
 * The job's handler: sends a pending alert by WhatsApp (from the business number) and/or e-mail, as
 * the owner chose, and records the outcome. An alert no longer pending (sent, failed, or deleted) is
 * left alone, so a second run sends nothing. The e-mail is retried (SMTP refuses before accepting);
 * the WhatsApp send is not repeated blindly (a timeout may have delivered it, decision 005).
 */
export async function sendOwnerAlert(deps: AlertDeps, alertId: string): Promise<'sent' | 'failed' | null> {
  const a = await findAlertToSend(deps.db, alertId);
  if (!a || a.status !== 'pending') return null;
  const errors: string[] = a.error ? [a.error] : [];
  // Its WhatsApp id: an owner's reply quoting the alert names it (approval drafts, decision 045).
  let externalId: string | null = null;
  if (a.channel !== 'email' && a.to_phone && !a.error) {
    // Through the one door out (docs/decisions/046-one-door-out.md): one try; its record is this row.
    const sent = await sendOutbound(deps, {
      origin: 'owner_alert',
      instanceName: a.instance_name,
      to: a.to_phone,
      text: a.text,
      attempts: 1,
      audit: { userId: a.user_id, convId: a.conv_id, detail: a.kind },
    });
    if (sent.ok) externalId = sent.externalId;
    else {
      deps.log.warn({ err: sent.error, alertId }, 'handoff: the owner alert could not be sent');
      errors.push(ALERT_SEND_FAILED);
    }
  }
  if (a.channel === 'email' || a.channel === 'both') {
    const subject =
      a.kind === 'spend_ceiling'
        ? SPEND_CEILING_SUBJECT
        : a.kind === 'follow_ups_paused'
          ? FOLLOW_UPS_PAUSED_SUBJECT
          : a.kind === 'pix_paid' || a.kind === 'pix_confirm' || a.kind === 'approval' || a.kind === 'delivery_failed'
            ? `VendAI: ${a.text.split('\n')[0]!.replace(/^(💰|🧾|📝|⚠️) /u, '')}`
            : alertSubject(a.kind as ConversationAlertKind, a);
    try {
      await withRetry(() => deps.mailer.send({ to: a.email, subject, text: a.text }), { attempts: 3, baseMs: 1000 });
    } catch (err) {
      deps.log.warn({ err, alertId }, 'handoff: the owner alert e-mail could not be sent');
      errors.push(ALERT_MAIL_FAILED);
    }
  }
  const error = errors.length ? errors.join(' ') : null;
  await recordAlertOutcome(deps.db, alertId, { error, externalId });
  return error ? 'failed' : 'sent';
}

/** Queues the pending alerts nobody queued (a crash between writing and queueing); run by the recovery sweep. */
export async function requeuePendingAlerts(deps: AlertDeps): Promise<number> {
  const pending = await findUnqueuedAlerts(deps.db, REQUEUE_AFTER_SECONDS);
  for (const id of pending) await deps.jobs.send(sendOwnerAlertJob, { alertId: id }, { singletonKey: id });
  return pending.length;
}
