import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { CloudNumberSecrets } from '../../integrations/gateway/cloud-templates.ts';
import type { Jobs } from '../../jobs/job.ts';
import type { ReminderTemplateShape } from '../../domain/booking-reminders/template-values.ts';
import type { RealtimeHub } from '../../realtime/realtime-hub.ts';

/** One stored reminder message to send through the one door out (origin 'booking_reminder'). */
export interface ReminderText {
  messageId: string;
  instanceName: string;
  contactJid: string;
  text: string;
  /** A Cloud number's reply buttons ('Confirmar', 'Remarcar', 'Cancelar'). */
  buttons?: readonly string[];
}

/**
 * The reminders' way out, handed in by the composition root (app.ts): the one door out for text
 * (domain/outbound/send-outbound.ts, reconciled, never repeated) and for a Cloud number's template
 * (domain/outbound/send-template.ts); never the gateway itself (docs/decisions/046-one-door-out.md).
 */
export interface ReminderSender {
  send(
    m: ReminderText,
  ): Promise<{ ok: true; externalId: string | null } | { ok: false; error: unknown; unconfirmed: boolean }>;
  /** The gateway's record of the chat: our text since `startedAt` (ms) found, provably absent, or unknown. */
  lookUp(m: ReminderText, startedAt: number): Promise<{ externalId: string } | 'absent' | 'unknown'>;
  /** A Cloud number's approved UTILITY template; Meta's message id, or throws its refusal. */
  template(m: {
    number: CloudNumberSecrets;
    to: string;
    messageId: string;
    template: { name: string; language: string; values: string[]; names?: string[] };
  }): Promise<string>;
  /** The approved template of that name and language as Meta holds it (its variables); null: none. */
  approvedTemplate(number: CloudNumberSecrets, name: string, language: string): Promise<ReminderTemplateShape | null>;
}

/**
 * The agenda's changes a customer's answer makes (modules/agenda through a port, app.ts: a feature never
 * imports another). Each publishes its booking event.
 */
export interface ReminderAgenda {
  confirm(accountId: string, bookingId: string): Promise<void>;
  cancel(accountId: string, bookingId: string): Promise<void>;
}

export interface ReminderDeps {
  db: Db;
  log: FastifyBaseLogger;
  jobs: Jobs;
  realtime: RealtimeHub;
  sender: ReminderSender;
  agenda: ReminderAgenda;
  /** A claim not finished within this long belongs to a dead process (ENGINE_LEASE_SECONDS). */
  leaseMs: number;
  /** The clock of due reminders (tests move it); claims' leases use the database's. */
  now: () => Date;
}
