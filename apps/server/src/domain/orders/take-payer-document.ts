import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../jobs/job.ts';
import { movesTo } from './order-states.ts';
import { setPayerDocumentOfWaitingOrders, upsertPayerDocument } from './orders-repository.ts';
import { queueCharge } from './place-order.ts';

/** A customer's message that holds a valid CPF or CNPJ (found in memory by `findTaxId`). */
export interface PayerDocumentMessage {
  accountId: string;
  numberId: string;
  /** The customer's WhatsApp address in that number's conversations. */
  jid: string;
  /** CPF or CNPJ without mask. */
  document: string;
}

/**
 * The customer answered the request for their CPF or CNPJ (docs/decisions/038-pix-charges.md, "The
 * payer's CPF or CNPJ"): every order of that conversation waiting for it takes the document and goes
 * back to 'pending' in one conditional statement (a webhook delivered twice finds nothing left to
 * take), the conversation's payer keeps it (table pix_payers: only a payer's first order asks) and
 * the orders' charge job is queued again. A document written when no order waits changes nothing.
 */
export async function takePayerDocument(
  deps: { db: Db; jobs: Jobs; log: FastifyBaseLogger },
  m: PayerDocumentMessage,
): Promise<number> {
  const taken = await setPayerDocumentOfWaitingOrders(deps.db, m, movesTo('pending', ['awaiting_document']));
  // The conversation's payer is known from now on: its next orders are charged without asking.
  const convId = taken[0]?.convId;
  if (convId) await upsertPayerDocument(deps.db, { userId: m.accountId, convId, document: m.document });
  for (const order of taken) await queueCharge(deps, order);
  return taken.length;
}
