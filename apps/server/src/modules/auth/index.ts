import { appModule } from '../../plugins/app-module.ts';
import { authRoutes } from './auth-routes.ts';

/** Mounted by app.ts at /api/auth. */
export const authModule = appModule('/api/auth', authRoutes);
