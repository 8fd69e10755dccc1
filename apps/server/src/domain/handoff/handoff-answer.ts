import type { BusinessHoursStatus } from '../business-hours/business-hours-status.ts';
import { describeOpening } from '../business-hours/describe-opening.ts';
import { HANDOFF_ANSWER } from './asks-for-person.ts';

/**
 * The keyword handoff's answer (decision 015). Outside business hours it says when a person will
 * answer (decision 019), so a customer at night is not promised someone 'agora'; without business
 * hours set it is the plain answer.
 */
export function handoffAnswer(hours: BusinessHoursStatus | null | undefined, now: Date, timeZone: string): string {
  if (!hours || hours.openNow || !hours.nextOpening) return HANDOFF_ANSWER;
  return (
    'Claro! Vou chamar uma pessoa da nossa equipe para continuar o seu atendimento por aqui. ' +
    `Estamos fora do horário de atendimento agora: uma pessoa vai te responder ${describeOpening(hours.nextOpening, now, timeZone)}.`
  );
}
