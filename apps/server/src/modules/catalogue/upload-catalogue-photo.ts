import {
  CATALOGUE_ITEM_NOT_FOUND,
  CATALOGUE_PHOTO_INVALID,
  CATALOGUE_PHOTO_MAX_BYTES,
  type CatalogueItem,
} from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { toCatalogueItem } from './catalogue-dto.ts';
import { findItem, setItemFields } from './catalogue-repository.ts';

export const CATALOGUE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Magic bytes of the accepted types: the content-type header alone is the client's word. */
function looksLike(mimetype: string, data: Buffer): boolean {
  if (mimetype === 'image/jpeg') return data[0] === 0xff && data[1] === 0xd8;
  if (mimetype === 'image/png') return data.subarray(0, 4).toString('hex') === '89504e47';
  if (mimetype === 'image/webp')
    return data.subarray(0, 4).toString() === 'RIFF' && data.subarray(8, 12).toString() === 'WEBP';
  return false;
}

/** Stores the item's photo (storage port) and points the item at it; the old photo stays for copies. */
export async function uploadCataloguePhoto({
  db,
  storage,
  accountId,
  id,
  mimetype,
  data,
}: {
  db: Db;
  storage: Storage;
  accountId: string;
  id: string;
  mimetype: string;
  data: Buffer;
}): Promise<CatalogueItem> {
  const item = await findItem(db, accountId, id);
  if (!item) throw new AppError('NOT_FOUND', CATALOGUE_ITEM_NOT_FOUND);
  if (
    !Buffer.isBuffer(data) ||
    data.length === 0 ||
    data.length > CATALOGUE_PHOTO_MAX_BYTES ||
    !looksLike(mimetype, data)
  )
    throw new AppError('VALIDATION', CATALOGUE_PHOTO_INVALID, { fields: { photo: CATALOGUE_PHOTO_INVALID } });
  const stored = await storage.save(accountId, data, { mimetype, filename: `${item.name}.${mimetype.split('/')[1]}` });
  const row = await setItemFields(db, accountId, id, { photoKey: stored.key });
  return toCatalogueItem(row!);
}
