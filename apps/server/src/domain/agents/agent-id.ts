import { AGENT_NOT_FOUND_MESSAGE, isUuid } from '@vendai/contracts';
import { AppError } from '../../lib/app-error.ts';

/** An agent id from a request; anything that is not a uuid cannot be one of the user's agents. */
export function agentId(raw: unknown): string {
  if (!isUuid(raw)) throw new AppError('NOT_FOUND', AGENT_NOT_FOUND_MESSAGE);
  return raw;
}

export const agentNotFound = () => new AppError('NOT_FOUND', AGENT_NOT_FOUND_MESSAGE);
