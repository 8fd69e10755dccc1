import { appModule } from '../../plugins/app-module.ts';
import { knowledgeRoutes } from './knowledge-routes.ts';

/** Mounted by app.ts at /api/knowledge. */
export const knowledgeModule = appModule('/api/knowledge', knowledgeRoutes);
