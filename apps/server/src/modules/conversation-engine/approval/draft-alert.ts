import { randomUUID } from 'node:crypto';
import { formatPhone } from '@vendai/contracts';
import { ALERT_MESSAGE_MAX, nameForAlert, quoteForAlert } from '../../../domain/handoff/alert-text.ts';
import { type AlertDeps, deliverAlert } from '../../../domain/handoff/owner-alerts.ts';
import { type DraftSqlRow, partText } from './draft-dto.ts';
import { draftAlertGroupJob } from './draft-jobs.ts';
import { parsedJson } from '../sql-rows.ts';
import {
  alertCounts,
  type DraftAlertFacts,
  markDraftsAlerted,
  selectAlertNumber,
  selectDraftAlertFacts,
  selectUnalertedDrafts,
} from './draft-alert-repository.ts';

/** The draft as quoted in the alert (one line, links made inert as every alert's text, decision 021). */
const DRAFT_QUOTE_MAX = 700;
/** The customer's message as quoted on a grouped alert's line. */
const GROUP_QUOTE_MAX = 120;
/** Drafts listed by name on one grouped alert; the rest are counted. */
const GROUP_LINES_MAX = 10;
export const APPROVAL_PROMPT = 'Responda 1 para enviar ou 2 para descartar.';

/**
 * Draft alerts to one owner's phone (docs/decisions/046-one-door-out.md, "Draft alerts"): at most this many
 * in the last hour and in the account's day. Past them the drafts wait in the inbox ('Sugestão'), and the
 * timeout still applies; the alert that reaches a cap says so.
 */
export const APPROVAL_ALERTS_PER_HOUR = 10;
export const APPROVAL_ALERTS_PER_DAY = 60;
export const APPROVAL_CAP_NOTICE =
  'Este é o último aviso de sugestões por agora (limite de avisos): as próximas ficam em Conversas, no VendAI, marcadas "Sugestão".';
/** The answer to a '1' / '2' that quotes a grouped alert: it names no single draft. */
export const GROUPED_ALERT_QUOTED =
  'Este aviso reúne várias sugestões: abra o link de cada conversa no aviso para enviar, editar ou descartar.';

const whoOf = (d: Pick<DraftAlertFacts, 'contact_name' | 'contact_phone'>) =>
  [nameForAlert(d.contact_name), d.contact_phone ? formatPhone(d.contact_phone) : null].filter(Boolean).join(' · ');
const linkOf = (appUrl: string, convId: string) => `${appUrl}/dashboard?conversa=${encodeURIComponent(convId)}`;

/** One draft's alert: who, the customer's message, the suggested answer and what to reply. */
function singleText(appUrl: string, d: DraftAlertFacts): string {
  const answer = parsedJson(d.parts).map(partText).join(' ');
  const minutes = Math.round((new Date(d.due_at).getTime() - new Date(d.created_at).getTime()) / 60_000);
  return [
    `📝 Sugestão da IA para ${whoOf(d) || 'um cliente'}.`,
    `Mensagem do cliente: ${quoteForAlert(d.customer_text, ALERT_MESSAGE_MAX) ?? '(sem texto)'}`,
    `Resposta sugerida: ${quoteForAlert(answer, DRAFT_QUOTE_MAX) ?? '(vazia)'}`,
    d.booking_text ? `Ao enviar, a agenda muda: ${quoteForAlert(d.booking_text, ALERT_MESSAGE_MAX)}` : null,
    APPROVAL_PROMPT,
    `Sem resposta em ${minutes} min, a sugestão será ${d.timeout_action === 'send' ? 'enviada' : 'descartada'}.`,
    `Abrir conversa: ${linkOf(appUrl, d.conv_id)}`,
  ]
    .filter((line) => line !== null)
    .join('\n');
}

/** Several drafts in one alert: one line each with its conversation's link (where each is approved). */
export function groupText(appUrl: string, drafts: DraftAlertFacts[]): string {
  const lines = drafts
    .slice(0, GROUP_LINES_MAX)
    .map(
      (d) =>
        `• ${whoOf(d) || 'Um cliente'}: ${quoteForAlert(d.customer_text, GROUP_QUOTE_MAX) ?? '(sem texto)'} → ${linkOf(appUrl, d.conv_id)}`,
    );
  const more = drafts.length - lines.length;
  const actions = new Set(drafts.map((d) => d.timeout_action));
  return [
    `📝 ${drafts.length} respostas da IA aguardam sua aprovação:`,
    ...lines,
    ...(more > 0 ? [`… e mais ${more}.`] : []),
    'Abra cada conversa para enviar, editar ou descartar a sugestão (responder 1 ou 2 aqui não vale para este aviso).',
    actions.size === 1
      ? `Sem resposta no prazo, cada sugestão será ${actions.has('send') ? 'enviada' : 'descartada'}.`
      : 'Sem resposta no prazo, cada sugestão será enviada ou descartada, como o agente manda.',
    `Todas as conversas: ${appUrl}/dashboard`,
  ].join('\n');
}

/** The text as it goes, with the cap's notice on the alert that reaches a cap; null when a cap is reached. */
function underCaps(counts: { hour: number; day: number }, text: string): string | null {
  if (counts.hour >= APPROVAL_ALERTS_PER_HOUR || counts.day >= APPROVAL_ALERTS_PER_DAY) return null;
  const last = counts.hour + 1 === APPROVAL_ALERTS_PER_HOUR || counts.day + 1 === APPROVAL_ALERTS_PER_DAY;
  return last ? `${text}\n${APPROVAL_CAP_NOTICE}` : text;
}

/**
 * The owner's alert for a draft just written (docs/decisions/045-approval-mode.md, 046 "Draft alerts").
 * Decided under the owner's profile lock (deliverAlert's `admit`): past the hourly or daily cap nothing is
 * written; within `groupMs` of a draft alert whose draft still waits, the draft waits too and an `approval.alert-group`
 * job, `groupMs` later, sends the drafts still waiting un-alerted as one alert; otherwise it goes now, alone,
 * with the '1' / '2' prompt. Not subject to the alerts' switches or the other kinds' limits: approval
 * mode is the owner's own request.
 */
export async function alertDraft(deps: AlertDeps, draft: DraftSqlRow, alertId: string, groupMs: number) {
  const facts = await selectDraftAlertFacts(deps.db, draft);
  if (!facts) return;
  let grouped = false;
  await deliverAlert(deps, {
    id: alertId,
    accountId: draft.user_id,
    convId: draft.conv_id,
    kind: 'approval',
    text: '',
    instanceName: facts.instance_name,
    numberPhone: facts.number_phone,
    limited: false,
    admit: async (tx, owner) => {
      const counts = await alertCounts(tx, owner, groupMs);
      if (counts.recent > 0) {
        grouped = true;
        return null;
      }
      const text = underCaps(counts, singleText(deps.appUrl, facts));
      return text ? { text } : null;
    },
  });
  if (grouped)
    await deps.jobs
      .send(
        draftAlertGroupJob,
        { userId: draft.user_id, convId: draft.conv_id },
        { startAfter: new Date(Date.now() + groupMs) },
      )
      .catch((err) => deps.log.warn({ err, draftId: draft.id }, 'approval: the grouped alert was not queued'));
}

/**
 * The `approval.alert-group` job: the owner's drafts still pending that no alert carried, as one alert (one
 * draft: its own alert, with the '1' / '2' prompt). Each carried draft points at it (`alert_id`), so an
 * unquoted '1' still finds them and a '1' quoting it is answered GROUPED_ALERT_QUOTED. A second job finds
 * nothing left and writes nothing. Sent from the number of the draft that queued it.
 */
export async function alertDraftGroup(
  deps: AlertDeps,
  job: { userId: string; convId: string },
  groupMs: number,
): Promise<void> {
  const number = await selectAlertNumber(deps.db, job);
  if (!number) return;
  let carried: string[] = [];
  await deliverAlert(deps, {
    accountId: job.userId,
    convId: job.convId,
    kind: 'approval',
    text: '',
    instanceName: number.instance_name,
    numberPhone: number.number_phone,
    limited: false,
    admit: async (tx, owner) => {
      const waiting = await selectUnalertedDrafts(tx, job);
      if (waiting.length === 0) return null;
      const counts = await alertCounts(tx, owner, groupMs);
      const only = waiting.length === 1 ? waiting[0]! : null;
      const text = underCaps(counts, only ? singleText(deps.appUrl, only) : groupText(deps.appUrl, waiting));
      if (!text) return null;
      const id = only?.alert_id ?? randomUUID();
      carried = waiting.map((d) => d.id);
      await markDraftsAlerted(tx, id, carried);
      return { text, id };
    },
  });
  if (carried.length) deps.log.debug({ drafts: carried.length }, 'approval: drafts alerted together');
}
