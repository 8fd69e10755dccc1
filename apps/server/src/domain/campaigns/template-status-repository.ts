import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { TEMPLATE_STATUSES } from '../../db/schema/index.ts';
import { templatePauseReason } from './template-body.ts';

/** What Meta said of one template: by the webhook (status or category) or by the poll. */
export interface TemplateUpdate {
  wabaId: string;
  metaId: string;
  status: string | null;
  reason: string | null;
  reasonDetail: string | null;
  category: string | null;
  previousCategory: string | null;
}

/**
 * Records Meta's word on a submitted template (docs/decisions/075-template-submission.md) — its status
 * (one VendAI keeps: PENDING, APPROVED, REJECTED, PAUSED, DISABLED, FLAGGED; REINSTATED is APPROVED again) with
 * the reason, or its new category — and pauses, with the reason, the campaigns still to send that use it
 * when Meta paused, disabled or rejected it. Used by the Meta webhook and the poll; a template VendAI did not
 * submit changes nothing. The campaigns paused (their ids).
 */
export async function applyTemplateUpdate(db: Db, u: TemplateUpdate): Promise<string[]> {
  const event = u.status === 'REINSTATED' ? 'APPROVED' : u.status;
  const status = TEMPLATE_STATUSES.find((s) => s === event) ?? null;
  if (u.status && !status && !u.category) return [];
  const rows = resultRows<{ number_id: string; name: string; language: string; status: string }>(
    await db.execute(sql`
      update campaign_templates set
        status = coalesce(${status}, status),
        reason = case when ${status}::text is null then reason
                      when ${status} = 'REJECTED' then ${u.reason} else null end,
        reason_detail = case when ${status}::text is null then reason_detail
                             when ${status} = 'REJECTED' then ${u.reasonDetail} else null end,
        previous_category = case when ${u.category}::text is not null and ${u.category} <> category
                                 then coalesce(${u.previousCategory}, category) else previous_category end,
        category = coalesce(${u.category}, category),
        updated_at = now()
      where waba_id = ${u.wabaId} and meta_id = ${u.metaId}
      returning number_id, name, language, status`),
  );
  const paused: string[] = [];
  for (const t of rows) {
    const reason = templatePauseReason(t.status);
    if (!reason || t.status === 'PENDING') continue;
    const hit = resultRows<{ id: string }>(
      await db.execute(sql`
        update campaigns set status = 'paused', paused_reason = ${reason}
        where number_id = ${t.number_id} and track = 'cloud' and status in ('sending', 'scheduled')
          and template->>'name' = ${t.name} and template->>'language' = ${t.language}
        returning id`),
    );
    paused.push(...hit.map((h) => h.id));
  }
  return paused;
}
