import { findTaxId } from '@vendai/contracts';
import type { GatewayMessage } from '../../../integrations/gateway/gateway.ts';
import { mapGatewayMessage } from '../../../integrations/gateway/map-gateway-message.ts';
import { type PayerDocumentMessage, takePayerDocument } from '../../../domain/orders/take-payer-document.ts';
import type { EngineDeps } from '../engine-deps.ts';
import type { IngestInput } from './ingest-gateway-event.ts';
import type { IngestOutcome } from './ingest-outcome.ts';

/**
 * Customers' messages stored by this batch that hold a CPF or CNPJ (for a Pix charge waiting for the
 * payer's document, docs/decisions/038-pix-charges.md). Read in memory: the text is looked at
 * without mapping the message, and most texts are passed over by one regular-expression test.
 */
export function payerDocumentsOf(inputs: IngestInput[], outcomes: IngestOutcome[]): PayerDocumentMessage[] {
  const found: PayerDocumentMessage[] = [];
  inputs.forEach((input, i) => {
    if (outcomes[i] !== 'stored' || input.event !== 'messages.upsert') return;
    const data = input.data as GatewayMessage | null;
    if (data?.key?.fromMe) return;
    const message = data?.message as { conversation?: unknown; extendedTextMessage?: { text?: unknown } } | undefined;
    const text = message?.conversation ?? message?.extendedTextMessage?.text;
    const document = typeof text === 'string' ? findTaxId(text) : null;
    if (!document) return;
    const mapped = mapGatewayMessage(data!);
    if (!mapped || mapped.chat.isGroup) return;
    found.push({ accountId: input.number.userId, numberId: input.number.id, jid: mapped.chat.jid, document });
  });
  return found;
}

/** Gives each document to the orders waiting for it; never throws (the customer can send it again). */
export async function handlePayerDocuments(deps: EngineDeps, found: PayerDocumentMessage[]): Promise<void> {
  for (const m of found) {
    await takePayerDocument(deps, m).catch((err) =>
      deps.log.warn({ err, numberId: m.numberId }, 'engine: the payer document was not applied'),
    );
  }
}
