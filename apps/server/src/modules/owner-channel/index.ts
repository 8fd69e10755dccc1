import { appModule } from '../../plugins/app-module.ts';
import { ownerChannelRoutes } from './owner-channel-routes.ts';

/** Mounted by app.ts at /api/owner-channel ('Avisos'). */
export const ownerChannelModule = appModule('/api/owner-channel', ownerChannelRoutes);
