import type { Db } from '../../db/client.ts';
import { MATCHED_ITEMS, toSource } from './catalogue-facts.ts';
import { normaliseWords } from './fact-query.ts';
import type { FactSource, FactTools } from './fact-source.ts';
import { knowledgeFacts } from './knowledge-facts.ts';
import { searchCatalogue } from './catalogue-search-repository.ts';

/** Where a lookup searches: the catalogue's active items, or the knowledge base (FAQ entries, passages). */
export type LookupSource = 'catalogue' | 'knowledge';

/** A lookup the AI asks for during a reply: the account's sources matching its words, best first. */
export type FactLookup = (where: LookupSource, text: string) => Promise<FactSource[]>;

/**
 * The lookups of one account's reply (docs/decisions/027-tool-calls-and-retrieved-context.md): the same
 * searches and the same fact records, with their sources, as the retrieved context
 * (docs/decisions/025-catalogue-and-price-guard.md), for the words the AI chose. Only the account's rows:
 * the user id is fixed here, never taken from the AI.
 */
export function factLookup(db: Db, accountId: string, tools: FactTools = {}): FactLookup {
  return async (where, text) => {
    const query = { text, words: normaliseWords(text) };
    if (query.words.length === 0) return [];
    if (where === 'knowledge') return knowledgeFacts.find(db, accountId, query, tools);
    // An account known to have no active item has nothing to find (fact-presence.ts).
    if (tools.present && !tools.present.catalogue) return [];
    return (await searchCatalogue(db, accountId, query.words, { limit: MATCHED_ITEMS })).map(toSource);
  };
}
