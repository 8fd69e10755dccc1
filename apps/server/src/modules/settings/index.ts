import { appModule } from '../../plugins/app-module.ts';
import { settingsRoutes } from './settings-routes.ts';

/** Mounted by app.ts at /api/settings. */
export const settingsModule = appModule('/api/settings', settingsRoutes);
