import {
  AGENDA_MESSAGES,
  type AgendaProfessional,
  type AgendaService,
  type AgendaSetup,
  type agendaProfessionalInputSchema,
  type agendaQuickSetupSchema,
  type agendaServiceInputSchema,
} from '@vendai/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { getAccountTimeZone } from '../../domain/account/account-time-zone.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { countFutureBookings } from './bookings-repository.ts';
import {
  countOwnProfessionals,
  insertProfessional,
  saveService,
  selectCatalogueItem,
  selectProfessionals,
  selectService,
  selectServices,
  selectSettings,
  updateProfessional,
} from './setup-repository.ts';

type ServiceInput = z.output<typeof agendaServiceInputSchema>;
type ProfessionalInput = z.output<typeof agendaProfessionalInputSchema>;

/** The Agenda page's setup: settings, the account's time zone, professionals and services. */
export async function readSetup(db: Db, accountId: string): Promise<AgendaSetup> {
  const [settings, timeZone, professionals, services] = await Promise.all([
    selectSettings(db, accountId),
    getAccountTimeZone(db, accountId),
    selectProfessionals(db, accountId),
    selectServices(db, accountId),
  ]);
  return { settings, timeZone, professionals, services };
}

/** Creates or updates a service; its professionals and catalogue item must be the account's. */
export async function writeService(
  db: Db,
  accountId: string,
  id: string | null,
  input: ServiceInput,
): Promise<AgendaService> {
  const { professionalIds, ...values } = input;
  if (values.depositCents !== null && values.depositPercent !== null)
    throw new AppError('VALIDATION', AGENDA_MESSAGES.deposit, { fields: { depositCents: AGENDA_MESSAGES.deposit } });
  const ids = [...new Set(professionalIds)];
  if ((await countOwnProfessionals(db, accountId, ids)) !== ids.length)
    throw new AppError('VALIDATION', AGENDA_MESSAGES.professionalNotFound, {
      fields: { professionalIds: AGENDA_MESSAGES.professionalNotFound },
    });
  if (values.catalogueItemId && !(await selectCatalogueItem(db, accountId, values.catalogueItemId)))
    throw new AppError('VALIDATION', AGENDA_MESSAGES.serviceNotFound, {
      fields: { catalogueItemId: 'Item do catálogo não encontrado.' },
    });
  const saved = await saveService(db, accountId, id, values, ids);
  if (!saved) throw notFound(AGENDA_MESSAGES.serviceNotFound);
  return (await selectService(db, accountId, saved))!;
}

export async function writeProfessional(
  db: Db,
  accountId: string,
  id: string | null,
  input: ProfessionalInput,
): Promise<AgendaProfessional> {
  if (!id) return insertProfessional(db, accountId, input);
  if (!input.active && (await countFutureBookings(db, accountId, id, new Date())) > 0)
    throw new AppError('CONFLICT', AGENDA_MESSAGES.professionalHasBookings);
  const updated = await updateProfessional(db, accountId, id, input);
  if (!updated) throw notFound(AGENDA_MESSAGES.professionalNotFound);
  return updated;
}

/**
 * A one-person business in a few clicks: the owner as the one professional, on the business hours of
 * Configurações (week null), and a first service they do. Run again, it adds the service only.
 */
export async function quickSetup(
  db: Db,
  accountId: string,
  input: z.output<typeof agendaQuickSetupSchema>,
): Promise<AgendaSetup> {
  const existing = await selectProfessionals(db, accountId);
  const professional =
    existing[0] ??
    (await insertProfessional(db, accountId, {
      name: input.professionalName,
      kind: 'person',
      week: null,
      breaks: [],
      daysOff: [],
      active: true,
    }));
  await writeService(db, accountId, null, { ...input.service, professionalIds: [professional.id] });
  return readSetup(db, accountId);
}
