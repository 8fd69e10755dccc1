/**
 * Where the simulator's Graph-compatible fake (the WhatsApp Cloud API stand-in) is mounted, and the
 * app id it answers to (docs/decisions/036-cloud-signup-window-pacing.md).
 */
export const SIMULATOR_GRAPH_PREFIX = '/simulator/graph';
export const SIMULATED_META_APP_ID = 'vendai-simulador';
/** The simulator's Embedded Signup dialog (a page of /simulador). */
export const SIMULATED_SIGNUP_PAGE = '/simulador/meta';
