import { and, eq, sql } from 'drizzle-orm';
import { SEARCH_MARK_END, SEARCH_MARK_START } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { conversations, numbers } from '../../db/schema/index.ts';
import { type ConversationRow, conversationColumns } from '../../domain/conversations/conversation-repository.ts';
import type { KeysetPosition } from '../../lib/keyset-cursor.ts';
import { otherWordForms } from '../../lib/portuguese-word-forms.ts';
import { isOwnerChannelSql, notOwnerChannelSql } from '../../domain/phones/owner-channel.ts';

/**
 * The inbox search's two queries (docs/decisions/040-inbox-search.md). Each expression below is the one
 * an index of migration 0025 was built on, character for character, so the planner can use it.
 */

/** conversations_contact_search_idx: name and phone, lower case, no accents (trigrams). */
const contactText = sql`public.vendai_unaccent(lower(coalesce(${conversations.contactName}, '') || ' ' || coalesce(${conversations.contactPhone}, '')))`;

/** `%`, `_` and `\` typed by the owner are letters, not LIKE wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The user's conversations whose name or phone contains `term` (accents and case ignored), most recent first. */
export function conversationSearchQuery(db: Db, accountId: string, term: string, limit: number) {
  return db
    .select(conversationColumns)
    .from(conversations)
    .innerJoin(numbers, eq(numbers.id, conversations.numberId))
    .where(
      and(
        eq(conversations.userId, accountId),
        sql`not ${isOwnerChannelSql({ userId: sql`${conversations.userId}`, contactPhone: sql`${conversations.contactPhone}` })}`,
        sql`${contactText} like '%' || public.vendai_unaccent(lower(${likeEscape(term)})) || '%'`,
      ),
    )
    .orderBy(sql`${conversations.lastMessage} desc nulls last`, sql`${conversations.id} desc nulls last`)
    .limit(limit);
}

export async function searchConversations(db: Db, accountId: string, term: string, limit: number) {
  return (await conversationSearchQuery(db, accountId, term, limit)) as ConversationRow[];
}

export interface MessageHitRow {
  id: string;
  conv_id: string;
  created_at_key: string;
  direction: 'in' | 'out';
  source: 'message' | 'transcript' | 'document' | 'description';
  snippet: string;
  contact_name: string | null;
  contact_phone: string | null;
  type: 'chat' | 'group';
}

const HEADLINE = `StartSel=${SEARCH_MARK_START}, StopSel=${SEARCH_MARK_END}, MaxWords=22, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * Messages whose words match, newest first, strictly before `before`: the message's own text (the
 * stored messages.search_vector) or what the AI read of its media (message_insights; a message found by
 * both comes once, by its text). Each branch is limited before the union, so the work is bounded by the
 * page size; the snippet is cut only for the rows of the page.
 */
export function messageSearchSql(accountId: string, words: string, before: KeysetPosition | null, limit: number) {
  const after = (alias: string) =>
    before
      ? sql`and (${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) < (${before.at}::timestamptz, ${before.id}::uuid)`
      : sql``;
  // The words are spelled out in each branch, never through a CTE: the planner must see them to choose,
  // from their statistics, between the GIN index (rare words) and walking the dates (common ones).
  const query = inboxTsQuery(words);
  return sql`
    select page.id, page.conv_id, page.direction, page.source,
           to_char(page.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at_key,
           ts_headline('public.vendai_pt', page.body, ${query}, ${HEADLINE}) as snippet,
           c.contact_name, c.contact_phone, c.type
    from (
      select hits.* from (
        (select m.id, m.conv_id, m.created_at, m.direction, 'message' as source,
                coalesce(m.content, '') || ' ' || coalesce(translate(m.media_filename, '._-', '   '), '') as body
         from messages m
         where m.user_id = ${accountId} and m.search_vector @@ ${query} and m.deleted_at is null ${after('m')}
         order by m.created_at desc, m.id desc limit ${limit})
        union all
        (select m.id, m.conv_id, m.created_at, m.direction, i.kind as source, i.text as body
         from message_insights i join messages m on m.id = i.message_id
         where i.user_id = ${accountId} and i.state = 'done'
           and to_tsvector('public.vendai_pt'::regconfig, coalesce(i.text, '')) @@ ${query}
           and not (m.search_vector @@ ${query}) and m.deleted_at is null ${after('m')}
         order by m.created_at desc, m.id desc limit ${limit})
      ) hits
      order by hits.created_at desc, hits.id desc limit ${limit}
    ) page
    join conversations c on c.id = page.conv_id
    where ${notOwnerChannelSql('c')}
    order by page.created_at desc, page.id desc`;
}

/**
 * What was typed as a text-search query: `websearch_to_tsquery` (quotes, `or`, `-word` work as on the
 * web), except that a word whose other number has another stem (lib/portuguese-word-forms.ts: 'pão' /
 * 'pães', 'pastel' / 'pastéis') matches either: each such word becomes its own group `word or forms`,
 * and the groups are ANDed. A query with websearch syntax of its own is left as typed.
 */
export function inboxTsQuery(words: string) {
  const groups = wordGroups(words);
  if (!groups) return sql`websearch_to_tsquery('public.vendai_pt', ${words})`;
  // In parentheses: `@@` and `&&` share a precedence, so `v @@ a && b` would read `(v @@ a) && b`.
  const anded = sql.join(
    groups.map((g) => sql`websearch_to_tsquery('public.vendai_pt', ${g.join(' or ')})`),
    sql` && `,
  );
  return sql`(${anded})`;
}

/**
 * Each typed word with its other forms ('pão' → ['pão', 'pães', …]), or null when the query is searched as
 * typed (websearch syntax of its own, or no word with another form).
 */
function wordGroups(words: string): string[][] | null {
  const tokens = words.trim().split(/\s+/).filter(Boolean);
  const hasSyntax = /["]/.test(words) || tokens.some((t) => t.toLowerCase() === 'or' || t.startsWith('-'));
  const groups = tokens.map((t) => [t, ...otherWordForms(t)]);
  return hasSyntax || groups.every((g) => g.length === 1) ? null : groups;
}

/** A word in at least this share of messages is "common" (PostgreSQL's statistics of search_vector). */
const COMMON_SHARE = 0.01;

/**
 * Runs the message query with the plan that suits the words. PostgreSQL walks the account's messages by
 * date for a word it expects to be common, and misjudges words of about 1 in 1,000 (it walks tens of
 * thousands of rows). So the rarest of the words is looked up in the column's statistics (pg_stats'
 * most common lexemes, refreshed by ANALYZE): unless it is in at least 1% of the messages, the page is
 * read from the GIN index (bitmap scans only) and sorted; a common word keeps the walk, which finds 21
 * matches within a few thousand rows. A bounded look through the index was tried first and cost a
 * common word 50–80 ms.
 */
export async function searchMessages(
  db: Db,
  accountId: string,
  words: string,
  before: KeysetPosition | null,
  limit: number,
): Promise<MessageHitRow[]> {
  return db.transaction(async (tx) => {
    // A word searched with its other forms ('pão' or 'pães') is as common as its forms together: the rarest
    // group decides. Read for the typed word alone, 'pão' looked rare while 'pães' filled 3% of the messages,
    // and the page sorted every match (250–700 ms at 100,000 conversations, docs/performance.md).
    const groups = (
      wordGroups(words) ??
      words
        .trim()
        .split(/\s+/)
        .map((w) => [w])
    ).map((g) => g.join(' '));
    const [stats] = resultRows<{ common: boolean }>(
      await tx.execute(sql`
        select coalesce(min(g.freq), 0) >= ${COMMON_SHARE} as common from (
          select sum(coalesce(
            s.most_common_elem_freqs[array_position(s.most_common_elems::text::text[], lexeme)], 0)) as freq
          from unnest(array[${sql.join(
            groups.map((g) => sql`${g}`),
            sql`, `,
          )}]::text[]) with ordinality as grp(words, n)
          cross join lateral unnest(tsvector_to_array(to_tsvector('public.vendai_pt', grp.words))) lexeme
          left join pg_stats s on s.schemaname = 'public' and s.tablename = 'messages' and s.attname = 'search_vector'
          group by grp.n) g`),
    );
    if (!stats?.common) {
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
    }
    return resultRows<MessageHitRow>(await tx.execute(messageSearchSql(accountId, words, before, limit)));
  });
}
