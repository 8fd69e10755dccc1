import { appModule } from '../../plugins/app-module.ts';
import { promptWorkshopRoutes } from './prompt-workshop-routes.ts';

/** Mounted by app.ts at /api/agents. */
export const promptWorkshopModule = appModule('/api/agents', promptWorkshopRoutes);
