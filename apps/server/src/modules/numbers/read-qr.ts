import { QR_GENERATION_FAILED } from '@vendai/contracts';
import type { QrCode } from '../../integrations/gateway/gateway.ts';
import { AppError } from '../../lib/app-error.ts';
import { gatewayCall, isGatewayNotFound } from './gateway-call.ts';
import type { NumbersDeps } from './numbers-deps.ts';
import { markNumberConnected } from './mark-number-connected.ts';
import type { NumberRow } from './numbers-repository.ts';

/** How often `connect` is asked again while the gateway has not drawn the QR yet (`{count:0}`, docs/evolution-api-contract.md#22-get-instanceconnectname--200). */
const QR_ATTEMPTS = 4;
const QR_RETRY_MS = 750;

export type QrOutcome = { qrCode: string; status: 'DESCONECTADO' } | { qrCode: null; status: 'CONECTADO' };

/**
 * Starts (or continues) connecting a number and returns its QR as a data URI. An instance the gateway
 * no longer knows (404) is created again under the same name with the same webhook; an instance that
 * is already open is marked CONECTADO. No QR after a few tries: 'Erro ao gerar QR Code. Tente novamente.'
 */
export async function readQr(deps: NumbersDeps, number: NumberRow): Promise<QrOutcome> {
  for (let attempt = 1; ; attempt++) {
    // null: the gateway says the instance is already open; undefined: no QR in this answer.
    let qr: QrCode | null | undefined;
    try {
      qr = await gatewayCall(() => deps.gateway.connect(number.instanceName));
    } catch (err) {
      if (!isGatewayNotFound(err)) throw err;
      const created = await gatewayCall(() =>
        deps.gateway.createInstance({ instanceName: number.instanceName, ...deps.webhookConfig(number) }),
      );
      qr = created.qr ?? undefined;
    }
    // Open, but by another phone: the connection was cut (markNumberConnected), a new QR code is read.
    if (qr === null && (await markNumberConnected(deps, number.id))) return { qrCode: null, status: 'CONECTADO' };
    if (qr?.base64) return { qrCode: qr.base64, status: 'DESCONECTADO' };
    if (attempt >= QR_ATTEMPTS) throw new AppError('UPSTREAM', QR_GENERATION_FAILED);
    await new Promise((r) => setTimeout(r, QR_RETRY_MS));
  }
}
