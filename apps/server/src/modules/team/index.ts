import { appModule } from '../../plugins/app-module.ts';
import { teamRoutes } from './team-routes.ts';

/** Mounted by app.ts at /api/team (docs/decisions/044-team-roles-and-assignment.md). */
export const teamModule = appModule('/api/team', teamRoutes);
