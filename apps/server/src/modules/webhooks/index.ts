import { appModule } from '../../plugins/app-module.ts';
import { webhooksRoutes } from './webhooks-routes.ts';

/** Mounted by app.ts at /webhooks/gateway. */
export const webhooksModule = appModule('/webhooks/gateway', webhooksRoutes);
