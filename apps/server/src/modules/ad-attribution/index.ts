import { appModule } from '../../plugins/app-module.ts';
import { sourceLinksRoutes } from './ad-attribution-routes.ts';

/** Mounted by app.ts at /api/source-links (docs/decisions/071-ad-attribution.md). */
export const sourceLinksModule = appModule('/api/source-links', sourceLinksRoutes);
