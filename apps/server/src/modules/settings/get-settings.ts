import { type AccountSettings, type AlertChannel, ALERT_CHANNELS } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { findSettingsRow } from './settings-repository.ts';

/** The owner's personal WhatsApp (E.164) and alert settings; defaults when the profile is missing. */
export async function getSettings(db: Db, accountId: string): Promise<AccountSettings> {
  const row = await findSettingsRow(db, accountId);
  return {
    phone: row?.phone ? `+${row.countryCode ?? ''}${row.phone}` : null,
    alertHandoff: row?.alertHandoff ?? true,
    alertNeedsOwner: row?.alertNeedsOwner ?? true,
    alertHotLead: row?.alertHotLead ?? false,
    alertDailyCap: row?.alertDailyCap ?? 20,
    alertChannel: ALERT_CHANNELS.includes(row?.alertChannel as AlertChannel)
      ? (row!.alertChannel as AlertChannel)
      : 'whatsapp',
    email: row?.email ?? '',
  };
}
