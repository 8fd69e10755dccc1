import { appModule } from '../../plugins/app-module.ts';
import { feedbackRoutes } from './feedback-routes.ts';

/** Mounted by app.ts at /api/feedback. */
export const feedbackModule = appModule('/api/feedback', feedbackRoutes);
