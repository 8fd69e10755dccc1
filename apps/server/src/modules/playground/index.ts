import { appModule } from '../../plugins/app-module.ts';
import { playgroundRoutes } from './playground-routes.ts';

/** Mounted by app.ts at /api/playground. */
export const playgroundModule = appModule('/api/playground', playgroundRoutes);
