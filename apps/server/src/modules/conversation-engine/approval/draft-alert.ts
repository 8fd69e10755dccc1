import { formatPhone } from '@vendai/contracts';
import { sql } from 'drizzle-orm';
import { resultRows } from '../../../db/rows.ts';
import { ALERT_MESSAGE_MAX, nameForAlert, quoteForAlert } from '../../../domain/handoff/alert-text.ts';
import { type AlertDeps, deliverAlert } from '../../../domain/handoff/owner-alerts.ts';
import { type DraftSqlRow, partText } from './draft-dto.ts';
import { parsedJson } from '../sql-rows.ts';

/** The draft as quoted in the alert (one line, links made inert as every alert's text, decision 021). */
const DRAFT_QUOTE_MAX = 700;
export const APPROVAL_PROMPT = 'Responda 1 para enviar ou 2 para descartar.';

/**
 * The owner's alert for a draft (docs/decisions/045-approval-mode.md): who, the customer's message, the
 * suggested answer and what to reply. Always written (not subject to the alerts' switches, the hourly
 * limit or the daily cap: approval mode is the owner's own request), through the owner-alert job.
 */
export async function alertDraft(deps: AlertDeps, draft: DraftSqlRow, alertId: string): Promise<void> {
  const [facts] = resultRows<{
    contact_name: string | null;
    contact_phone: string | null;
    instance_name: string;
    number_phone: string;
  }>(
    await deps.db.execute(sql`
      select c.contact_name, c.contact_phone, n.instance_name, n.phone as number_phone
      from conversations c join numbers n on n.id = c.number_id where c.id = ${draft.conv_id}`),
  );
  if (!facts) return;
  const who = [nameForAlert(facts.contact_name), facts.contact_phone ? formatPhone(facts.contact_phone) : null]
    .filter(Boolean)
    .join(' · ');
  const answer = parsedJson(draft.parts).map(partText).join(' ');
  const minutes = Math.round((new Date(draft.due_at).getTime() - new Date(draft.created_at).getTime()) / 60_000);
  const text = [
    `📝 Sugestão da IA para ${who || 'um cliente'}.`,
    `Mensagem do cliente: ${quoteForAlert(draft.customer_text, ALERT_MESSAGE_MAX) ?? '(sem texto)'}`,
    `Resposta sugerida: ${quoteForAlert(answer, DRAFT_QUOTE_MAX) ?? '(vazia)'}`,
    APPROVAL_PROMPT,
    `Sem resposta em ${minutes} min, a sugestão será ${draft.timeout_action === 'send' ? 'enviada' : 'descartada'}.`,
    `Abrir conversa: ${deps.appUrl}/dashboard?conversa=${encodeURIComponent(draft.conv_id)}`,
  ].join('\n');
  await deliverAlert(deps, {
    id: alertId,
    userId: draft.user_id,
    convId: draft.conv_id,
    kind: 'approval',
    text,
    instanceName: facts.instance_name,
    numberPhone: facts.number_phone,
    limited: false,
  });
}
