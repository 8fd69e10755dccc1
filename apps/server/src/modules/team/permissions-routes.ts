import { attendantPermissionsSchema, updateAttendantPermissionsSchema } from '@vendai/contracts/team';
import { readAttendantPermissions, writeAttendantPermissions } from '../../domain/team/permissions.ts';
import { OWNER_ONLY, requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';

/**
 * /api/team/permissions (docs/decisions/052-attendant-permissions-and-number-claims.md): what the
 * account's attendants may do beyond the inbox's everyday work. The whole team reads it (the inbox
 * explains a locked control); only the owner changes it, on Equipe.
 */
export const permissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app, 'team');
  const { db } = app.deps;

  app.get('/permissions', { schema: { response: { 200: attendantPermissionsSchema } } }, async (req) =>
    readAttendantPermissions(db, req.user.id),
  );

  app.put(
    '/permissions',
    {
      config: OWNER_ONLY,
      schema: { body: updateAttendantPermissionsSchema, response: { 200: attendantPermissionsSchema } },
    },
    async (req) => writeAttendantPermissions(db, req.user.id, req.body),
  );
};
