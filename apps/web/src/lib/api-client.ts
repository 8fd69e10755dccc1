import { ERROR_CODES } from '@vendai/contracts/error-codes';
import type { ErrorBody } from '@vendai/contracts/errors';

/** An error answered by the API, with its Portuguese message and field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

type Json = Record<string, unknown> | unknown[];

/** Called on a 401 from a signed-in call: the session ended, so the app goes back to sign-in. */
let onUnauthenticated: (() => void) | null = null;
export function setUnauthenticatedHandler(handler: (() => void) | null) {
  onUnauthenticated = handler;
}

/** The only place that calls fetch: same-origin /api, cookie session, errors as ApiError. */
async function request<T>(method: string, url: string, body?: Json | Blob, init?: { silent401?: boolean }): Promise<T> {
  let response: Response;
  const file = body instanceof Blob;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers:
        body === undefined
          ? undefined
          : { 'content-type': file ? body.type || 'application/octet-stream' : 'application/json' },
      body: body === undefined ? undefined : file ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Sem conexão com o servidor. Verifique sua internet e tente novamente.');
  }
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) throw failure(response.status, data, init?.silent401);
  return data as T;
}

/** The ApiError of a failed answer (its JSON body read); a 401 ends the session unless `silent401`. */
function failure(status: number, data: unknown, silent401?: boolean): ApiError {
  const err = (data as ErrorBody | null)?.error;
  const fallback = status === 429 ? ERROR_CODES.RATE_LIMITED.message : ERROR_CODES.INTERNAL.message;
  if (status === 401 && !silent401) onUnauthenticated?.();
  return new ApiError(status, err?.code ?? 'HTTP', err?.message ?? fallback, err?.fields ?? {});
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A file answer (an export): the bytes and the name the server gave it; errors as ApiError. */
async function download(url: string): Promise<{ blob: Blob; filename: string }> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include' });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Sem conexão com o servidor. Verifique sua internet e tente novamente.');
  }
  if (!response.ok) throw failure(response.status, safeJson(await response.text()));
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  return { blob: await response.blob(), filename };
}

export const api = {
  get: <T>(url: string, init?: { silent401?: boolean }) => request<T>('GET', url, undefined, init),
  post: <T>(url: string, body: Json = {}, init?: { silent401?: boolean }) => request<T>('POST', url, body, init),
  patch: <T>(url: string, body: Json) => request<T>('PATCH', url, body),
  put: <T>(url: string, body: Json) => request<T>('PUT', url, body),
  /** A file as the request's raw bytes, with its own content-type (photos, spreadsheets). */
  upload: <T>(method: 'POST' | 'PUT', url: string, file: Blob) => request<T>(method, url, file),
  delete: <T>(url: string) => request<T>('DELETE', url),
  download,
};
