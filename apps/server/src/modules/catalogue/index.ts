import { appModule } from '../../plugins/app-module.ts';
import { catalogueRoutes } from './catalogue-routes.ts';

/** Mounted by app.ts at /api/catalogue. */
export const catalogueModule = appModule('/api/catalogue', catalogueRoutes);
