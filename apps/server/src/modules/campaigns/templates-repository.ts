import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';

/** A submitted template as stored (campaign_templates, docs/decisions/075-template-submission.md). */
export interface TemplateRow {
  id: string;
  user_id: string;
  number_id: string;
  waba_id: string;
  name: string;
  language: string;
  text: string;
  body: string;
  variables: string[] | string;
  meta_id: string | null;
  status: string;
  category: string;
  previous_category: string | null;
  reason: string | null;
  reason_detail: string | null;
  updated_at: Date | string;
}

export async function insertTemplate(
  db: Db,
  t: {
    userId: string;
    numberId: string;
    wabaId: string;
    name: string;
    text: string;
    body: string;
    variables: string[];
    footer: string | null;
    stopButton: boolean;
    metaId: string;
    status: string;
    category: string;
  },
): Promise<string> {
  const [row] = resultRows<{ id: string }>(
    await db.execute(sql`
      insert into campaign_templates (user_id, number_id, waba_id, name, language, text, body, variables, footer,
        stop_button, meta_id, status, category)
      values (${t.userId}, ${t.numberId}, ${t.wabaId}, ${t.name}, 'pt_BR', ${t.text}, ${t.body},
        ${JSON.stringify(t.variables)}::jsonb, ${t.footer}, ${t.stopButton}, ${t.metaId}, ${t.status}, ${t.category})
      returning id`),
  );
  return row!.id;
}

/** The account's submitted templates (of one number), newest first. */
export async function selectTemplates(db: Db, accountId: string, numberId?: string): Promise<TemplateRow[]> {
  return resultRows<TemplateRow>(
    await db.execute(sql`
      select * from campaign_templates
      where user_id = ${accountId} ${numberId ? sql`and number_id = ${numberId}` : sql``}
      order by created_at desc limit 100`),
  );
}

/** The submitted template a campaign names (by number, name and language), if VendAI submitted it. */
export async function selectTemplateByName(
  db: Db,
  numberId: string,
  name: string,
  language: string,
): Promise<TemplateRow | null> {
  const [row] = resultRows<TemplateRow>(
    await db.execute(sql`
      select * from campaign_templates where number_id = ${numberId} and name = ${name} and language = ${language}`),
  );
  return row ?? null;
}

/** Numbers with a template Meta is still reviewing (the poll's work). */
export async function selectPendingTemplateNumbers(db: Db): Promise<string[]> {
  const rows = resultRows<{ number_id: string }>(
    await db.execute(sql`
      select distinct t.number_id from campaign_templates t join numbers n on n.id = t.number_id
      where t.status = 'PENDING' and n.provider = 'cloud'`),
  );
  return rows.map((r) => r.number_id);
}
