/** An error answered in Evolution's envelope `{status, error, response:{message}}` (docs/evolution-api-contract.md#1-auth-base-paths-instance-addressing). */
export class SimError extends Error {
  readonly status: number;
  readonly messages: unknown;
  constructor(status: number, messages: unknown) {
    super(typeof messages === 'string' ? messages : JSON.stringify(messages));
    this.status = status;
    this.messages = messages;
  }
}

const PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
};

export function envelope(status: number, messages: unknown) {
  return { status, error: PHRASES[status] ?? 'Error', response: { message: messages } };
}

export const badRequest = (...messages: unknown[]) => new SimError(400, messages);
export const notFoundInstance = (name: string) => new SimError(404, [`The "${name}" instance does not exist`]);
