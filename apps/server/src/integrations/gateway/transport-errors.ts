/** What a failed HTTP call to the gateway says about itself (undici's error codes). */

export function causeText(err: unknown): string {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } } | null;
  return e?.cause?.code ?? e?.code ?? e?.cause?.message ?? e?.message ?? 'erro de rede';
}

/** The request never reached the gateway: no connection could be opened. */
export function neverArrived(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  const code = e?.code ?? e?.cause?.code;
  return code === 'ECONNREFUSED' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
}

/** undici's timeouts: no headers in time, a stalled body, or a connection that never opened. */
export function isTimeout(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT';
}
