import { appModule } from '../../plugins/app-module.ts';
import { numbersRoutes } from './numbers-routes.ts';

/** Mounted by app.ts at /api/numbers. */
export const numbersModule = appModule('/api/numbers', numbersRoutes);
