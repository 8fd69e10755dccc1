import { z } from 'zod';
import { timeZoneSchema } from './account.ts';

/**
 * The business's clock (/settings, 'Fuso horário'): the zone the AI's context block, business hours
 * and results per day are read in (docs/decisions/018-ai-context-block.md).
 */

/** Brazil's time zones as the owner picks them; `city` names the zone in the AI's context block. */
export const BRAZIL_TIME_ZONES = [
  { id: 'America/Sao_Paulo', city: 'Brasília', label: 'Brasília (UTC−3) — SP, RJ, MG, ES, Sul, GO, DF' },
  { id: 'America/Bahia', city: 'Salvador', label: 'Salvador (UTC−3) — BA' },
  { id: 'America/Fortaleza', city: 'Fortaleza', label: 'Fortaleza (UTC−3) — CE, MA, PI, RN, PB' },
  { id: 'America/Recife', city: 'Recife', label: 'Recife (UTC−3) — PE' },
  { id: 'America/Maceio', city: 'Maceió', label: 'Maceió (UTC−3) — AL, SE' },
  { id: 'America/Belem', city: 'Belém', label: 'Belém (UTC−3) — PA (leste), AP' },
  { id: 'America/Santarem', city: 'Santarém', label: 'Santarém (UTC−3) — PA (oeste)' },
  { id: 'America/Araguaina', city: 'Araguaína', label: 'Araguaína (UTC−3) — TO' },
  { id: 'America/Cuiaba', city: 'Cuiabá', label: 'Cuiabá (UTC−4) — MT' },
  { id: 'America/Campo_Grande', city: 'Campo Grande', label: 'Campo Grande (UTC−4) — MS' },
  { id: 'America/Manaus', city: 'Manaus', label: 'Manaus (UTC−4) — AM' },
  { id: 'America/Porto_Velho', city: 'Porto Velho', label: 'Porto Velho (UTC−4) — RO' },
  { id: 'America/Boa_Vista', city: 'Boa Vista', label: 'Boa Vista (UTC−4) — RR' },
  { id: 'America/Rio_Branco', city: 'Rio Branco', label: 'Rio Branco (UTC−5) — AC' },
  { id: 'America/Noronha', city: 'Fernando de Noronha', label: 'Fernando de Noronha (UTC−2)' },
] as const;

/** GET /api/settings/business. */
export const businessSettingsSchema = z.object({
  /** IANA time zone of the business ('America/Sao_Paulo' unless the owner changed it). */
  timeZone: z.string(),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;

/** PUT /api/settings/business. */
export const updateBusinessSettingsSchema = z.object({
  timeZone: timeZoneSchema,
});
export type UpdateBusinessSettingsInput = z.infer<typeof updateBusinessSettingsSchema>;
