import type { Db } from '../../db/client.ts';
import type { Embeddings } from '../../integrations/llm/llm.ts';

/**
 * The business's facts a reply is given (docs/decisions/025-catalogue-and-price-guard.md): each
 * provider (the catalogue here; the knowledge base plugs in the same way) finds the sources relevant
 * to what the customer wrote, and lists every amount its facts hold for the price guard.
 */

/** One fact as the AI reads it, with where it comes from. */
export interface FactSource {
  kind: 'product' | 'passage';
  /** The row's id (a catalogue item, a knowledge passage). */
  id: string;
  /** Where the fact comes from, as the AI and the playground show it ('Catálogo: Camiseta básica'). */
  label: string;
  /** The fact itself, one line or a short paragraph (pt-BR). */
  text: string;
  /** A product's photo (storage key), when it has one: sent when the customer asks to see it. */
  photoKey?: string | null;
  /** The amounts this fact holds, in centavos (a product's price and its options' prices). */
  amounts?: number[];
  /** The owner allows a discount on this item. */
  allowsDiscount?: boolean;
}

/** What the customer wrote lately, for retrieval. */
export interface FactQuery {
  /** The customer's recent messages joined (newest first). */
  text: string;
  /** Its distinct words (lower case, no accents, no common words), at most a dozen. */
  words: string[];
}

/** Amounts a provider's facts hold for the whole account (the guard checks against all of them). */
export interface FactAmounts {
  cents: number[];
  percents: number[];
  offersDiscount: boolean;
}

/**
 * Which of the account's fact tables hold anything a search could return, read beside the reply's other
 * rows (fact-presence.ts): a provider skips the searches of an empty one. Absent: search them all.
 */
export interface FactPresence {
  catalogue: boolean;
  faqs: boolean;
  passages: boolean;
}

/**
 * What a provider may use besides the database: the AI endpoint's embeddings, when a model is configured;
 * the presence of the account's facts, when already known.
 */
export interface FactTools {
  embeddings?: Embeddings;
  present?: FactPresence;
  /** The conversation being answered, when there is one: its orders' totals are true amounts for the guard. */
  convId?: string;
}

export interface FactProvider {
  /** The sources relevant to the query, best first. */
  find(db: Db, accountId: string, query: FactQuery, tools?: FactTools): Promise<FactSource[]>;
  amounts(db: Db, accountId: string): Promise<FactAmounts>;
}
