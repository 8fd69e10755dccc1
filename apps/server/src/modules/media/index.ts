import { appModule } from '../../plugins/app-module.ts';
import { mediaRoutes } from './media-routes.ts';

/** Mounted by app.ts at /api/media. */
export const mediaModule = appModule('/api/media', mediaRoutes);
