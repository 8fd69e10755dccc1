import { GATEWAY_ERROR } from '@vendai/contracts';
import { GatewayError } from '../../integrations/gateway/gateway.ts';
import { AppError } from '../../lib/app-error.ts';

/** 'Erro na Evolution API (status 500)': the spec's wording (docs/product/messages.md) with the gateway's status. */
export function gatewayErrorMessage(err: unknown): string {
  const status = err instanceof GatewayError ? err.status : 0;
  return status > 0
    ? `${GATEWAY_ERROR} (status ${status}). Tente novamente em instantes.`
    : `${GATEWAY_ERROR} (sem resposta). Tente novamente em instantes.`;
}

/** Runs one gateway call; any failure becomes a 502 UPSTREAM with the gateway's status (details in the log). */
export async function gatewayCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('UPSTREAM', gatewayErrorMessage(err), { cause: err });
  }
}

export function isGatewayNotFound(err: unknown): boolean {
  const cause = err instanceof AppError ? err.cause : err;
  return cause instanceof GatewayError && cause.status === 404;
}
