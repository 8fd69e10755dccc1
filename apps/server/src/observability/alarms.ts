import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from './metrics.ts';

/**
 * Signs of abuse an operator should hear about (docs/operations/README.md#metrics): each is one warn
 * log line with its details and one step of `vendai_abuse_alarms_total{kind}`, which the suggested
 * alert watches.
 */
export type AlarmKind =
  /** A phone claimed by QR code while other accounts claimed it in the last 24 hours. */
  | 'number_claim_contested'
  /** A QR claim refused: too many accounts claimed that phone in 24 hours. */
  | 'number_claims_limited'
  /** Unverified claims of a phone released because its real owner connected it. */
  | 'number_claim_released';

export interface Alarms {
  raise(kind: AlarmKind, details: Record<string, unknown>, message: string): void;
}

export function createAlarms(metrics: Metrics, log: FastifyBaseLogger): Alarms {
  return {
    raise(kind, details, message) {
      metrics.abuseAlarms.inc({ kind });
      log.warn({ alarm: kind, ...details }, message);
    },
  };
}
