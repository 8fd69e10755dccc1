/**
 * TanStack Query keys of the resources several features read (one factory per resource). A screen
 * reading a resource uses these keys, so the same data has one cache entry wherever it is shown
 * (e.g. the agents list on /agents-management and in the inbox's agent picker); a change
 * invalidates `<resource>Keys.all`, which reaches every list and detail of it.
 * Resources one feature alone reads keep their factory in that feature (inbox, simulator, auth).
 */

/** GET /api/agents, /api/agents/:id, /api/agents/current. */
export const agentKeys = {
  all: ['agents'] as const,
  list: () => [...agentKeys.all, 'list'] as const,
  detail: (id: string) => [...agentKeys.all, 'detail', id] as const,
  /** The newest active agent (/ia-management without ?agent=). */
  current: () => [...agentKeys.all, 'current'] as const,
};

/** GET /api/numbers and /api/numbers/:id/state. */
export const numberKeys = {
  all: ['numbers'] as const,
  list: () => [...numberKeys.all, 'list'] as const,
  state: (id: string) => [...numberKeys.all, 'state', id] as const,
};

/** GET /api/usage: the plan's counters (agents, numbers, trainings, AI messages). */
export const usageKeys = {
  all: ['usage'] as const,
};

/** GET /api/account/me: the signed-in user (null when signed out). */
export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
};
