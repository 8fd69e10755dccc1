/**
 * The Pix provider port (docs/decisions/038-pix-charges.md): one charge per order, created with the
 * order's id as its reference (idempotent at the provider: Mercado Pago's X-Idempotency-Key, Asaas's
 * externalReference looked up first), read back by id, and verified webhooks. Amounts are integer
 * centavos here; adapters convert to the provider's reais.
 */

export type PixProviderKind = 'asaas' | 'mercadopago';

/** What VendAI makes of a provider's status. */
export type PixChargeStatus = 'pending' | 'paid' | 'expired' | 'refunded' | 'cancelled';

export interface PixChargeState {
  providerId: string;
  status: PixChargeStatus;
  amountCents: number;
  /** The reference it was created with (the order id). */
  reference: string | null;
}

export interface PixCharge extends PixChargeState {
  /** The copia-e-cola text (EMV BR Code). */
  copiaECola: string;
  /** The QR code as a PNG, base64 without a data: prefix. */
  qrPngBase64: string;
  expiresAt: Date;
}

export interface CreatePixChargeInput {
  /** The order's id: the same reference never makes a second charge. */
  reference: string;
  amountCents: number;
  description: string;
  /** `document`: the payer's CPF or CNPJ without mask, when the customer gave it (Asaas requires one). */
  customer: { name: string; phone: string | null; document: string | null };
  expiresAt: Date;
  /** Where the provider posts its notifications (Mercado Pago takes it per payment). */
  notificationUrl: string;
}

export interface PixProvider {
  kind: PixProviderKind;
  createCharge(input: CreatePixChargeInput): Promise<PixCharge>;
  getCharge(providerId: string): Promise<PixChargeState>;
  /**
   * Cancels an unpaid charge at the provider, so it can no longer be paid (Asaas: DELETE
   * /v3/payments/{id}; Mercado Pago: PUT /v1/payments/{id} with status 'cancelled'). Throws
   * PixProviderError when the provider refuses (a charge already paid cannot be cancelled).
   */
  cancelCharge(providerId: string): Promise<void>;
  /** A harmless authenticated call: throws PixProviderError when the key does not work. */
  test(): Promise<void>;
  /** Registers VendAI's webhook at the provider when its API allows it (Asaas); a no-op otherwise. */
  configureWebhook(o: { url: string; authToken: string; email: string }): Promise<void>;
  /** Removes VendAI's webhook at the provider (found by its URL) when its API allows it; a no-op otherwise. */
  removeWebhook(o: { url: string }): Promise<void>;
}

/** A provider's refusal or failure, with a Portuguese message the owner can act on. */
export class PixProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly detail?: unknown,
    /** 'payer_document': the provider refuses the charge until the payer's CPF or CNPJ is given (or valid). */
    readonly reason?: 'payer_document',
  ) {
    super(message);
    this.name = 'PixProviderError';
  }
}

/** A verified webhook: the event's own id (stored once) and the charge to re-read. */
export interface PixWebhookEvent {
  eventId: string;
  providerChargeId: string;
}
