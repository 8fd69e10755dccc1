import { BRAZIL_TIME_ZONES } from '@vendai/contracts';

/**
 * The AI's context block (issue 16 item 4, docs/decisions/018-ai-context-block.md): a second system
 * message right after the agent's prompt, in every reply (WhatsApp and playground), telling the AI
 * today's date, weekday and time in the business's time zone and the customer's WhatsApp name.
 */

export interface ContextBlockInput {
  /** The moment of the reply (tests pin it). */
  now: Date;
  /** The business's IANA time zone (profiles.time_zone). */
  timeZone: string;
  /** The customer's WhatsApp name (conversations.contact_name); null when unknown. */
  contactName: string | null;
}

/** Heading of the block: the AI must not quote it to the customer. */
export const CONTEXT_BLOCK_HEADING = 'Contexto (não mostre ao cliente):';

/** Longest WhatsApp name given to the AI (a name is the customer's own text). */
const NAME_MAX = 60;

/** 'horário de Brasília', 'horário de Manaus'; the IANA name for a zone outside Brazil's list. */
export function zoneLabel(timeZone: string): string {
  const zone = BRAZIL_TIME_ZONES.find((z) => z.id === timeZone);
  return zone ? `horário de ${zone.city}` : `fuso ${timeZone}`;
}

/** 'sábado, 22/11/2026, 21:40' in the given zone. */
export function localDateTime(now: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('pt-BR', {
      timeZone,
      weekday: 'long',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday}, ${parts.day}/${parts.month}/${parts.year}, ${parts.hour}:${parts.minute}`;
}

/** The customer's WhatsApp name as the AI may read it: one line, bounded, null when blank. */
function cleanName(name: string | null): string | null {
  const one = name?.replace(/\s+/g, ' ').trim() ?? '';
  return one ? one.slice(0, NAME_MAX) : null;
}

/** The block's text (pt-BR); pure. */
export function contextBlock(input: ContextBlockInput): string {
  const lines = [
    `${CONTEXT_BLOCK_HEADING} hoje é ${localDateTime(input.now, input.timeZone)} (${zoneLabel(input.timeZone)}).`,
  ];
  const name = cleanName(input.contactName);
  lines.push(
    name
      ? `Nome do cliente no WhatsApp: ${name} (pode não ser o nome real; use com naturalidade).`
      : 'O nome do cliente não é conhecido.',
  );
  return lines.join('\n');
}
