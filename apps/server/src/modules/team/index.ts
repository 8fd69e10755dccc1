import { appModule } from '../../plugins/app-module.ts';
import { permissionsRoutes } from './permissions-routes.ts';
import { teamRoutes } from './team-routes.ts';

/**
 * Mounted by app.ts at /api/team (docs/decisions/044-team-roles-and-assignment.md): the people and
 * invitations, and what attendants may do (docs/decisions/052-attendant-permissions-and-number-claims.md).
 */
export const teamModule = appModule('/api/team', teamRoutes, permissionsRoutes);
