import { z } from 'zod';

/**
 * Route schemas of the simulated Evolution API surface (/simulator/api). They are lenient on purpose:
 * the simulator answers malformed input the way Evolution 2.3.7 does (its own checks, its error
 * envelope), so the schemas name the inputs and document the surface without refusing anything
 * Evolution would have accepted. The full contract is docs/evolution-api-contract.md.
 */

export const instanceParamsSchema = z.object({ instanceName: z.string() });

/** A JSON body in Evolution's shape (checked by the simulator itself, answered in Evolution's envelope). */
export const evolutionBodySchema = z.unknown().describe('Corpo no formato da Evolution API 2.3.7');

/** Evolution's answer (or its error envelope `{status, error, response:{message}}`). */
export const evolutionAnswerSchema = z.unknown().describe('Resposta no formato da Evolution API 2.3.7');

export const connectQuerySchema = z
  .object({ number: z.string().optional().describe('Pede também um código de pareamento') })
  .catchall(z.unknown());

export const fetchInstancesQuerySchema = z
  .object({ instanceName: z.string().optional(), instanceId: z.string().optional(), number: z.string().optional() })
  .catchall(z.unknown());

/** Schema of a route with :instanceName answering `status`. */
export const instanceRoute = (status: number, extra: { body?: z.ZodType; querystring?: z.ZodType } = {}) => ({
  params: instanceParamsSchema,
  ...extra,
  response: { [status]: evolutionAnswerSchema },
});
