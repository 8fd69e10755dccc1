import { appModule } from '../../plugins/app-module.ts';
import { agentsRoutes } from './agents-routes.ts';

/** Mounted by app.ts at /api/agents. */
export const agentsModule = appModule('/api/agents', agentsRoutes);
