import type { AgendaProfessional, AgendaService, AgendaSettings } from '@vendai/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  agendaProfessionals,
  agendaServiceProfessionals,
  agendaServices,
  agendaSettings,
  catalogueItems,
} from '../../db/schema/index.ts';

/** The agenda's setup (docs/decisions/069-agenda.md): settings, professionals, services; scoped by the account. */
export const DEFAULT_AGENDA_SETTINGS: AgendaSettings = { horizonDays: 60, slotStepMinutes: 30 };

export async function selectSettings(db: Db, accountId: string): Promise<AgendaSettings> {
  const [row] = await db
    .select({ horizonDays: agendaSettings.horizonDays, slotStepMinutes: agendaSettings.slotStepMinutes })
    .from(agendaSettings)
    .where(eq(agendaSettings.userId, accountId));
  return row ?? DEFAULT_AGENDA_SETTINGS;
}

export async function upsertSettings(db: Db, accountId: string, s: AgendaSettings): Promise<void> {
  await db
    .insert(agendaSettings)
    .values({ userId: accountId, ...s })
    .onConflictDoUpdate({ target: agendaSettings.userId, set: { ...s, updatedAt: new Date() } });
}

type ProfessionalRow = typeof agendaProfessionals.$inferSelect;
const toProfessional = (r: ProfessionalRow): AgendaProfessional => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  week: r.week,
  breaks: r.breaks,
  daysOff: r.daysOff,
  active: r.active,
});

export async function selectProfessionals(db: Db, accountId: string): Promise<AgendaProfessional[]> {
  const rows = await db
    .select()
    .from(agendaProfessionals)
    .where(eq(agendaProfessionals.userId, accountId))
    .orderBy(asc(agendaProfessionals.createdAt), asc(agendaProfessionals.id));
  return rows.map(toProfessional);
}

export type ProfessionalValues = Omit<AgendaProfessional, 'id'>;

export async function insertProfessional(
  db: Db,
  accountId: string,
  v: ProfessionalValues,
): Promise<AgendaProfessional> {
  const [row] = await db
    .insert(agendaProfessionals)
    .values({ userId: accountId, ...v })
    .returning();
  return toProfessional(row!);
}

export async function updateProfessional(
  db: Db,
  accountId: string,
  id: string,
  v: ProfessionalValues,
): Promise<AgendaProfessional | null> {
  const [row] = await db
    .update(agendaProfessionals)
    .set(v)
    .where(and(eq(agendaProfessionals.userId, accountId), eq(agendaProfessionals.id, id)))
    .returning();
  return row ? toProfessional(row) : null;
}

type ServiceRow = typeof agendaServices.$inferSelect;
const toService = (r: ServiceRow, professionalIds: string[]): AgendaService => ({
  id: r.id,
  name: r.name,
  durationMinutes: r.durationMinutes,
  priceCents: r.priceCents,
  catalogueItemId: r.catalogueItemId,
  bufferBeforeMinutes: r.bufferBeforeMinutes,
  bufferAfterMinutes: r.bufferAfterMinutes,
  minNoticeMinutes: r.minNoticeMinutes,
  active: r.active,
  depositCents: r.depositCents,
  depositPercent: r.depositPercent,
  holdMinutes: r.holdMinutes,
  professionalIds,
});

export async function selectServices(db: Db, accountId: string): Promise<AgendaService[]> {
  const rows = await db
    .select()
    .from(agendaServices)
    .where(eq(agendaServices.userId, accountId))
    .orderBy(asc(agendaServices.createdAt), asc(agendaServices.id));
  const links = await db
    .select({
      serviceId: agendaServiceProfessionals.serviceId,
      professionalId: agendaServiceProfessionals.professionalId,
    })
    .from(agendaServiceProfessionals)
    .where(eq(agendaServiceProfessionals.userId, accountId));
  return rows.map((r) =>
    toService(
      r,
      links.filter((l) => l.serviceId === r.id).map((l) => l.professionalId),
    ),
  );
}

export async function selectService(db: Db, accountId: string, id: string): Promise<AgendaService | null> {
  return (await selectServices(db, accountId)).find((s) => s.id === id) ?? null;
}

export type ServiceValues = Omit<AgendaService, 'id' | 'professionalIds'>;

/** Writes the service and who does it (the links replaced whole), in one transaction. */
export async function saveService(
  db: Db,
  accountId: string,
  id: string | null,
  v: ServiceValues,
  professionalIds: string[],
): Promise<string | null> {
  return db.transaction(async (tx) => {
    let serviceId = id;
    if (serviceId) {
      const [row] = await tx
        .update(agendaServices)
        .set({ ...v, updatedAt: new Date() })
        .where(and(eq(agendaServices.userId, accountId), eq(agendaServices.id, serviceId)))
        .returning({ id: agendaServices.id });
      if (!row) return null;
      await tx.delete(agendaServiceProfessionals).where(eq(agendaServiceProfessionals.serviceId, serviceId));
    } else {
      const [row] = await tx
        .insert(agendaServices)
        .values({ userId: accountId, ...v })
        .returning({ id: agendaServices.id });
      serviceId = row!.id;
    }
    if (professionalIds.length > 0)
      await tx
        .insert(agendaServiceProfessionals)
        .values(
          professionalIds.map((professionalId) => ({ serviceId: serviceId!, professionalId, userId: accountId })),
        );
    return serviceId;
  });
}

/** How many of these professionals are the account's (a service names only its own). */
export async function countOwnProfessionals(db: Db, accountId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(agendaProfessionals)
    .where(and(eq(agendaProfessionals.userId, accountId), inArray(agendaProfessionals.id, ids)));
  return Number(row?.n ?? 0);
}

/** The catalogue item a service is sold as, when it is the account's. */
export async function selectCatalogueItem(
  db: Db,
  accountId: string,
  id: string,
): Promise<{ id: string; name: string; priceCents: number | null } | null> {
  const [row] = await db
    .select({ id: catalogueItems.id, name: catalogueItems.name, priceCents: catalogueItems.priceCents })
    .from(catalogueItems)
    .where(and(eq(catalogueItems.userId, accountId), eq(catalogueItems.id, id)));
  return row ?? null;
}
