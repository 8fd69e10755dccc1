import { appModule } from '../../plugins/app-module.ts';
import { resultsRoutes } from './results-routes.ts';

/** Mounted by app.ts at /api/results. */
export const resultsModule = appModule('/api/results', resultsRoutes);
