import { appModule } from '../../plugins/app-module.ts';
import { privacyRoutes } from './privacy-routes.ts';

export { registerRetentionJobs } from './retention-jobs.ts';

/** Mounted by app.ts at /api/privacy. */
export const privacyModule = appModule('/api/privacy', privacyRoutes);
