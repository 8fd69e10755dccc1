import { type SQL, sql } from 'drizzle-orm';

/**
 * Whether the account has facts of each kind a reply's search could find (fact-source.ts FactPresence),
 * as SQL columns over the account's id: read in the reply claim's statement, so an account without a
 * catalogue, FAQ or documents costs no search at all (most accounts, most of the time). Read from the
 * database on every claim: nothing is cached, so an item added in another process counts at once.
 * Each is one probe of the table's user index.
 */
export const factPresenceSql = (accountId: SQL) => sql`
  exists (select 1 from catalogue_items ci where ci.user_id = ${accountId} and ci.archived_at is null) as has_catalogue,
  exists (select 1 from knowledge_faqs kf where kf.user_id = ${accountId} and kf.status = 'active') as has_faqs,
  exists (select 1 from knowledge_passages kp where kp.user_id = ${accountId}) as has_passages`;
