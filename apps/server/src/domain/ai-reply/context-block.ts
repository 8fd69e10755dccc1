import { BRAZIL_TIME_ZONES, type BusinessFacts } from '@vendai/contracts';
import type { BusinessHoursStatus } from '../business-hours/business-hours-status.ts';
import { describeOpening } from '../business-hours/describe-opening.ts';
import { localDateTime } from '../account/local-time.ts';

/**
 * The AI's context block (docs/decisions/018-ai-context-block.md): a second system
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
  /** Open now / next opening (domain/business-hours); null or absent when the owner set no hours. */
  hours?: BusinessHoursStatus | null;
  /** A Pix provider is configured: the AI may say the Pix comes (absent: it may not promise one). */
  pixReady?: boolean;
  /**
   * The business's facts kept once on Configurações, with the week in words
   * (docs/decisions/066-business-facts-in-one-place.md); absent or null fields are not given.
   */
  facts?: BusinessFacts & { week: string | null };
  /** The ad (its headline) or 'Link de origem' (its name) the customer came from last; null or absent: direct. */
  source?: { kind: 'ad' | 'link'; headline: string | null } | null;
}

/** Heading of the facts' lines in the block. */
export const FACTS_HEADING = 'Dados do negócio (informados pelo dono; use exatamente estes e não invente outros):';
/** Longest fact given to the AI (the contract allows 500 characters; an old row may hold more). */
const FACT_MAX = 600;
const oneLine = (text: string | null | undefined) => text?.replace(/\s+/g, ' ').trim().slice(0, FACT_MAX) || null;

/** The facts' lines, only those given; none when nothing is given. */
function factLines(facts: ContextBlockInput['facts']): string[] {
  if (!facts) return [];
  const week = oneLine(facts.week);
  const note = oneLine(facts.hoursNote);
  const hours = week ? `${week}${note ? `. ${note}` : ''}` : note;
  const lines = [
    hours ? `- Horário de atendimento: ${hours}` : null,
    oneLine(facts.address) ? `- Endereço: ${oneLine(facts.address)}` : null,
    oneLine(facts.paymentMethods) ? `- Formas de pagamento: ${oneLine(facts.paymentMethods)}` : null,
    oneLine(facts.deliveryAreas) ? `- Áreas de entrega: ${oneLine(facts.deliveryAreas)}` : null,
  ].filter((l): l is string => l !== null);
  return lines.length ? [FACTS_HEADING, ...lines] : [];
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
  if (input.hours) lines.push(hoursLine(input.hours, input.now, input.timeZone));
  const source = sourceLine(input.source);
  if (source) lines.push(source);
  lines.push(...factLines(input.facts));
  return lines.join('\n');
}

/** Where the customer came from (docs/decisions/071-ad-attribution.md), one line; the headline is the ad's text. */
function sourceLine(source: ContextBlockInput['source']): string | null {
  if (!source) return null;
  const headline = cleanName(source.headline);
  if (source.kind === 'ad')
    return headline
      ? `O cliente veio do anúncio '${headline}' (Clique para WhatsApp); considere o que o anúncio oferecia.`
      : 'O cliente veio de um anúncio (Clique para WhatsApp).';
  return headline ? `O cliente chegou pelo link '${headline}'.` : null;
}

/**
 * Whether the business is open (decision 019), so the AI never promises a person 'agora' at night.
 * Said only when the owner set business hours.
 */
function hoursLine(hours: BusinessHoursStatus, now: Date, timeZone: string): string {
  if (hours.openNow)
    return `A empresa está aberta agora${hours.closesAt ? ` (fecha ${describeOpening(hours.closesAt, now, timeZone)})` : ''}.`;
  if (!hours.nextOpening)
    return 'A empresa está fechada agora, sem data de reabertura informada. Não prometa atendimento de uma pessoa agora.';
  return `A empresa está fechada agora e abre ${describeOpening(hours.nextOpening, now, timeZone)}. Não prometa que uma pessoa vai responder antes disso.`;
}
