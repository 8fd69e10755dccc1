import { appModule } from '../../plugins/app-module.ts';
import { trainingRoutes } from './training-routes.ts';

/** Mounted by app.ts at /api/training. */
export const trainingModule = appModule('/api/training', trainingRoutes);
