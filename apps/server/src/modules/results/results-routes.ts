import {
  agendaResultsSchema,
  noContentSchema,
  resultsCsvSchema,
  resultsQuerySchema,
  resultsSchema,
  salesSourcesSchema,
  sourceCostInputSchema,
} from '@vendai/contracts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { exportResultsCsv } from './export-results-csv.ts';
import { getAgendaResults } from './get-agenda-results.ts';
import { getResults } from './get-results.ts';
import { exportSalesSourcesCsv, getSalesSources, setSourceCost } from './get-sales-sources.ts';
import { resultsRollupJobType } from './rollup-job.ts';

/** /api/results: Resultados, what the AI did for the business in a period (docs/decisions/017-results-figures.md). */
export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);
  const { db, jobs } = app.deps;

  app.get('/', { schema: { querystring: resultsQuerySchema, response: { 200: resultsSchema } } }, async (req) => {
    const results = await getResults({ db, accountId: req.user.id, query: req.query });
    // A long history not rolled up yet: start the background rollup now rather than at the next minute.
    if (results.pendingFrom) await jobs.send(resultsRollupJobType, {});
    return results;
  });

  app.get(
    '/export.csv',
    { schema: { querystring: resultsQuerySchema, response: { 200: resultsCsvSchema } } },
    async (req, reply) => {
      const csv = await exportResultsCsv({ db, accountId: req.user.id, query: req.query });
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .header('cache-control', 'private, no-store');
      return csv.body;
    },
  );

  // 'Origem das vendas' (docs/decisions/071-ad-attribution.md): per ad, link and 'Direto'.
  app.get(
    '/sources',
    { schema: { querystring: resultsQuerySchema, response: { 200: salesSourcesSchema } } },
    async (req) => getSalesSources({ db, accountId: req.user.id, query: req.query }),
  );
  // 'Agenda' (docs/decisions/069-agenda.md): appointments by status, the AI's, attended revenue, no-shows per day.
  app.get(
    '/agenda',
    { schema: { querystring: resultsQuerySchema, response: { 200: agendaResultsSchema } } },
    async (req) => getAgendaResults({ db, accountId: req.user.id, query: req.query }),
  );
  app.get(
    '/sources.csv',
    { schema: { querystring: resultsQuerySchema, response: { 200: resultsCsvSchema } } },
    async (req, reply) => {
      const csv = await exportSalesSourcesCsv({ db, accountId: req.user.id, query: req.query });
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .header('cache-control', 'private, no-store');
      return csv.body;
    },
  );
  app.put(
    '/source-costs',
    { schema: { body: sourceCostInputSchema, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await setSourceCost(db, req.user.id, req.body);
      return reply.status(204).send();
    },
  );
};
