import { appModule } from '../../plugins/app-module.ts';
import { agentHintsRoutes } from './agent-hints-routes.ts';

/** Mounted by app.ts at /api/agent-hints. */
export const agentHintsModule = appModule('/api/agent-hints', agentHintsRoutes);
