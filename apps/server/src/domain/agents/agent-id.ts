import { AGENT_NOT_FOUND_MESSAGE } from '@vendai/contracts';
import { AppError } from '../../lib/app-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An agent id from a request; anything that is not a uuid cannot be one of the user's agents. */
export function agentId(raw: unknown): string {
  if (typeof raw !== 'string' || !UUID.test(raw)) throw new AppError('NOT_FOUND', AGENT_NOT_FOUND_MESSAGE);
  return raw;
}

export const agentNotFound = () => new AppError('NOT_FOUND', AGENT_NOT_FOUND_MESSAGE);
