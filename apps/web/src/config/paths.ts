import { AGENT_PAGE_TAB_PARAM, type AgentPageTab } from '@vendai/contracts/agent-page';

/** Every route of the SPA (docs/product/screens.md). Links use these, never string literals. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: (search = '') => `/login${search}` },
  register: { path: '/register', getHref: (search = '') => `/register${search}` },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  /** The e-mailed confirmation link (docs/decisions/051-verified-email-and-membership-end.md); works signed out too. */
  confirmEmail: { path: '/confirmar-email', getHref: () => '/confirmar-email' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  privacyPt: { path: '/politica-de-privacidade', getHref: () => '/politica-de-privacidade' },
  onboarding: {
    welcome: { path: '/onboarding/welcome', getHref: () => '/onboarding/welcome' },
    trainAi: {
      path: '/onboarding/train-ai',
      getHref: (opts: { mode?: 'create' | 'update'; agentId?: string } = {}) => {
        const q = new URLSearchParams();
        if (opts.mode) q.set('mode', opts.mode);
        if (opts.agentId) q.set('agentId', opts.agentId);
        const s = q.toString();
        return `/onboarding/train-ai${s ? `?${s}` : ''}`;
      },
    },
    connectWhatsapp: { path: '/onboarding/connect-whatsapp', getHref: () => '/onboarding/connect-whatsapp' },
    whatsapp: { path: '/onboarding/whatsapp', getHref: () => '/onboarding/whatsapp' },
  },
  /** The conversations (inbox); the spec's route name stays /dashboard. */
  conversations: { path: '/dashboard', getHref: (search = '') => `/dashboard${search}` },
  /** Resultados (docs/decisions/017-results-figures.md): what the AI did for the business in a period. */
  results: { path: '/resultados', getHref: (search = '') => `/resultados${search}` },
  /** 'Avisos' (docs/decisions/048-opt-out-and-owner-channel.md): the alerts to the owner's phone and the owner's answers. */
  ownerChannel: { path: '/avisos', getHref: () => '/avisos' },
  /** 'Funil de vendas' (docs/decisions/043-labels-notes-funnel.md): the conversations as a board by stage. */
  funnel: { path: '/funil', getHref: () => '/funil' },
  /** 'Campanhas' (docs/decisions/072-campaigns.md): campaigns to contacts with consent, and their results. */
  campaigns: { path: '/campanhas', getHref: () => '/campanhas' },
  /** 'Agenda' (docs/decisions/069-agenda.md): bookings by day and week, the services and blocks. */
  agenda: { path: '/agenda', getHref: () => '/agenda' },
  feedback: {
    path: '/dashboard/feedback',
    getHref: (type?: string) => `/dashboard/feedback${type ? `?type=${type}` : ''}`,
  },
  /** The prompt workshop; the spec's route name stays /ia-management. */
  promptWorkshop: {
    path: '/ia-management',
    /** `tab`: the page's tab ('age', 'testes'; docs/decisions/065-agent-tabs-hints-and-judge.md). */
    getHref: (agentId?: string, tab?: AgentPageTab) => {
      const q = new URLSearchParams();
      if (agentId) q.set('agent', agentId);
      if (tab && tab !== 'fala') q.set(AGENT_PAGE_TAB_PARAM, tab);
      const s = q.toString();
      return `/ia-management${s ? `?${s}` : ''}`;
    },
  },
  agents: { path: '/agents-management', getHref: () => '/agents-management' },
  /** The WhatsApp numbers; the spec's route name stays /instances-management. */
  numbers: { path: '/instances-management', getHref: () => '/instances-management' },
  playground: { path: '/playground', getHref: () => '/playground' },
  /** Catálogo: the products and services the AI quotes from (decision 025). */
  catalogue: { path: '/catalogo', getHref: () => '/catalogo' },
  knowledge: { path: '/conhecimento', getHref: () => '/conhecimento' },
  /** 'Testes do assistente': the owner's test suite for an agent (decision 039). */
  agentTests: { path: '/testes-do-assistente', getHref: () => '/testes-do-assistente' },
  pricing: { path: '/pricing', getHref: (search = '') => `/pricing${search}` },
  /** 'Uso do plano' (decision 050): each allowance of the plan beside this month's use. */
  usage: { path: '/usage', getHref: () => '/usage' },
  tutorial: { path: '/tutorial', getHref: () => '/tutorial' },
  settings: { path: '/settings', getHref: () => '/settings' },
  /** Each member's own push notifications (docs/decisions/067-web-push.md), open to attendants too. */
  notifications: { path: '/notificacoes', getHref: () => '/notificacoes' },
  /** 'Equipe' (docs/decisions/044-team-roles-and-assignment.md): the owner's attendants and invitations. */
  team: { path: '/equipe', getHref: () => '/equipe' },
  /** An invitation's link (works signed out): create an account or sign in, then accept. */
  invite: { path: '/convite', getHref: (code: string) => `/convite?code=${encodeURIComponent(code)}` },
  mvp: { path: '/mvp', getHref: () => '/mvp' },
  /** WhatsApp Business Platform authorization test (docs/product/screens.md#other-screens): launcher and its public callback. */
  connectWhatsapp: { path: '/connect/whatsapp', getHref: () => '/connect/whatsapp' },
  connectWhatsappCallback: { path: '/connect/whatsapp/callback', getHref: () => '/connect/whatsapp/callback' },
  /** The built-in WhatsApp simulator's page (signed in: the account's own numbers; only when the server has the simulator on). */
  simulator: { path: '/simulador', getHref: (search = '') => `/simulador${search}` },
  /** The simulator's stand-in for Meta's Embedded Signup dialog (the Cloud API connection). */
  simulatorMetaSignup: { path: '/simulador/meta', getHref: () => '/simulador/meta' },
  simulatorApprove: {
    path: '/simulador/aprovar/:instance',
    getHref: (instance: string, code?: string) =>
      `/simulador/aprovar/${encodeURIComponent(instance)}${code ? `?code=${encodeURIComponent(code)}` : ''}`,
  },
} as const;
