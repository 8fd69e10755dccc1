/**
 * TanStack Query keys of the resources several features read (one factory per resource). Every query
 * and cache write uses a factory (lint forbids a literal `queryKey: [...]`), so the same data has one
 * cache entry wherever it is shown (e.g. the agents list on /agents-management and in the inbox's agent
 * picker); a change invalidates `<resource>Keys.all`, which reaches every list and detail of it.
 * Resources one feature alone reads keep their factory in that feature's `api/query-keys.ts`
 * (conversations, simulator, auth).
 */

/** GET /api/agents, /api/agents/:id, /api/agents/current and an agent's prompt versions. */
export const agentKeys = {
  all: ['agents'] as const,
  list: () => [...agentKeys.all, 'list'] as const,
  detail: (id: string) => [...agentKeys.all, 'detail', id] as const,
  /** The newest active agent (/ia-management without ?agent=). */
  current: () => [...agentKeys.all, 'current'] as const,
  /** Under agentKeys.all, so every prompt change (which invalidates agentKeys.all) refreshes them. */
  promptVersions: (agentId: string) => [...agentKeys.all, 'prompt-versions', agentId] as const,
  promptVersion: (agentId: string, versionId: string | null) =>
    [...agentKeys.promptVersions(agentId), versionId] as const,
  /** The agent's follow-up ladder ('Acompanhamento'). */
  followUps: (agentId: string) => [...agentKeys.all, 'follow-ups', agentId] as const,
  /** GET /api/agent-hints: the inbox's and Resultados' pointers to an agent's settings (decision 065). */
  hints: () => [...agentKeys.all, 'hints'] as const,
};

/** GET /api/numbers and /api/numbers/:id/state. */
export const numberKeys = {
  all: ['numbers'] as const,
  list: () => [...numberKeys.all, 'list'] as const,
  state: (id: string) => [...numberKeys.all, 'state', id] as const,
  /** GET /api/numbers/cloud-meter: the month's messages Meta accepted from each Cloud number (decision 064). */
  cloudMeter: () => [...numberKeys.all, 'cloud-meter'] as const,
};

/** GET /api/usage: the plan's counters (agents, numbers, trainings, AI messages). */
export const usageKeys = {
  all: ['usage'] as const,
};

/** GET /api/billing/status: the signed-in user's subscription. */
export const billingKeys = {
  all: ['billing'] as const,
  status: () => [...billingKeys.all, 'status'] as const,
};

/** GET /api/plans: the active plans. */
export const planKeys = {
  all: ['plans'] as const,
};

/** GET /api/account/me: the signed-in user (null when signed out). */
export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
};

/** GET /api/knowledge/faqs and /api/knowledge/documents (the Conhecimento page reads them; the prompt coach adds FAQ entries). */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  faqs: (q: string) => [...knowledgeKeys.all, 'faqs', q] as const,
  documents: () => [...knowledgeKeys.all, 'documents'] as const,
  /** GET /api/knowledge/documents/:id: a document's passages and text. */
  document: (id: string) => [...knowledgeKeys.all, 'documents', id] as const,
};

/** GET /api/catalogue and the price guard (the catalogue page reads them; the prompt coach changes items). */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  list: (q: string, archived: boolean) => [...catalogueKeys.all, 'list', q, archived] as const,
  /** GET /api/catalogue/agents/:id/price-guard. */
  priceGuard: (agentId: string) => [...catalogueKeys.all, 'price-guard', agentId] as const,
};

/** GET /api/team: the account's people (the inbox's senders and assignment, the agent's handoff, Equipe). */
export const teamKeys = {
  all: ['team'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
};

/**
 * GET /api/settings/business: the business's clock and facts, kept once (Configurações edits them; the
 * training and Conhecimento show them: docs/decisions/066-business-facts-in-one-place.md).
 */
export const businessKeys = {
  settings: () => ['settings', 'business'] as const,
};

/**
 * GET /api/conversations/:id/contact: the contact panel (inbox tools) and the chat's ad cards
 * (docs/decisions/071-ad-attribution.md) read the same answer.
 */
export const contactKeys = {
  detail: (convId: string) => ['conversation-tools', 'contact', convId] as const,
};

/** GET /api/agenda/… (docs/decisions/069-agenda.md): the Agenda page and the inbox's next appointment. */
export const agendaKeys = {
  all: ['agenda'] as const,
  setup: () => [...agendaKeys.all, 'setup'] as const,
  calendar: (from: string, to: string) => [...agendaKeys.all, 'calendar', from, to] as const,
  next: (convId: string) => [...agendaKeys.all, 'next', convId] as const,
  /** The reminders (decision 073): under the agenda's key, so 'agenda.updated' reads them again. */
  reminderSettings: () => [...agendaKeys.all, 'reminders', 'settings'] as const,
  reminders: (from: string, to: string) => [...agendaKeys.all, 'reminders', from, to] as const,
  /** The professionals' Google Agenda links (decision 070). */
  google: () => [...agendaKeys.all, 'google'] as const,
};
