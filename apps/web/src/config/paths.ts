/** Every route of the SPA (part 2 §2). Links use these, never string literals. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: (search = '') => `/login${search}` },
  register: { path: '/register', getHref: (search = '') => `/register${search}` },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
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
  dashboard: { path: '/dashboard', getHref: (search = '') => `/dashboard${search}` },
  /** Resultados (issue 17): what the AI did for the business in a period. */
  results: { path: '/resultados', getHref: (search = '') => `/resultados${search}` },
  feedback: {
    path: '/dashboard/feedback',
    getHref: (type?: string) => `/dashboard/feedback${type ? `?type=${type}` : ''}`,
  },
  iaManagement: {
    path: '/ia-management',
    getHref: (agentId?: string) => `/ia-management${agentId ? `?agent=${agentId}` : ''}`,
  },
  agents: { path: '/agents-management', getHref: () => '/agents-management' },
  instances: { path: '/instances-management', getHref: () => '/instances-management' },
  playground: { path: '/playground', getHref: () => '/playground' },
  pricing: { path: '/pricing', getHref: (search = '') => `/pricing${search}` },
  tutorial: { path: '/tutorial', getHref: () => '/tutorial' },
  settings: { path: '/settings', getHref: () => '/settings' },
  mvp: { path: '/mvp', getHref: () => '/mvp' },
  /** WhatsApp Business Platform authorization test (part 2 "Other screens"): launcher and its public callback. */
  connectWhatsapp: { path: '/connect/whatsapp', getHref: () => '/connect/whatsapp' },
  connectWhatsappCallback: { path: '/connect/whatsapp/callback', getHref: () => '/connect/whatsapp/callback' },
  /** The built-in WhatsApp simulator's page (public; only when the server has the simulator on). */
  simulator: { path: '/simulador', getHref: (search = '') => `/simulador${search}` },
  simulatorApprove: {
    path: '/simulador/aprovar/:instance',
    getHref: (instance: string, code?: string) =>
      `/simulador/aprovar/${encodeURIComponent(instance)}${code ? `?code=${encodeURIComponent(code)}` : ''}`,
  },
} as const;
