import {
  type AccountSettings,
  INVALID_PHONE,
  parsePhone,
  PERSONAL_PHONE_IS_BUSINESS,
  type UpdateAccountSettingsInput,
} from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { getSettings } from './get-settings.ts';
import { businessPhones, saveSettingsRow } from './settings-repository.ts';

/**
 * Saves the personal WhatsApp and the alert settings. The personal number must differ from every
 * business number of the account: alerts go from the business number to it.
 */
export async function updateSettings(
  db: Db,
  accountId: string,
  input: UpdateAccountSettingsInput,
): Promise<AccountSettings> {
  const phone = parsePhone(input.phone);
  if (!phone) throw new AppError('VALIDATION', INVALID_PHONE, { fields: { phone: INVALID_PHONE } });
  if ((await businessPhones(db, accountId)).includes(phone.digits))
    throw new AppError('VALIDATION', PERSONAL_PHONE_IS_BUSINESS, { fields: { phone: PERSONAL_PHONE_IS_BUSINESS } });
  await saveSettingsRow(db, accountId, {
    phone: phone.national,
    countryCode: phone.countryCode,
    alertHandoff: input.alertHandoff,
    alertNeedsOwner: input.alertNeedsOwner,
    alertHotLead: input.alertHotLead,
    alertDailyCap: input.alertDailyCap,
    alertChannel: input.alertChannel,
  });
  return getSettings(db, accountId);
}
