import type { PixProviderChoice } from '../../db/schema/index.ts';
import { createAsaasPix } from './asaas-pix.ts';
import { createMercadoPagoPix } from './mercadopago-pix.ts';
import type { PixProvider } from './pix-provider.ts';

/** Where each provider's API is: configuration (env) and, outside production, the local stand-in. */
export interface PixEndpoints {
  asaasUrl: string;
  /** Mercado Pago's API: its own, or the local stand-in's with PIX_MERCADOPAGO_URL=local. */
  mercadoPagoUrl: string;
  /** The local stand-in's API (Asaas's and Mercado Pago's paths), when it is mounted. */
  standinUrl: string | null;
}

/**
 * The adapter for an owner's choice. The stand-in speaks Asaas's API, so 'standin' is the Asaas
 * adapter pointed at it: the same code runs offline and against Asaas. It speaks Mercado Pago's too:
 * with PIX_MERCADOPAGO_URL=local, 'mercadopago' is the Mercado Pago adapter pointed at it. Null when the stand-in was
 * chosen but is not mounted (production).
 */
export function pixProviderFor(
  choice: { provider: PixProviderChoice; apiKey: string },
  endpoints: PixEndpoints,
): PixProvider | null {
  if (choice.provider === 'mercadopago')
    return createMercadoPagoPix({ baseUrl: endpoints.mercadoPagoUrl, accessToken: choice.apiKey });
  const baseUrl = choice.provider === 'asaas' ? endpoints.asaasUrl : endpoints.standinUrl;
  return baseUrl ? createAsaasPix({ baseUrl, apiKey: choice.apiKey }) : null;
}
