import { REPLY_PHOTOS_MAX } from '../ai-reply/structured-reply.ts';
import type { FactSource } from './fact-source.ts';

/** A catalogue photo an answer sends after its text. */
export interface ReplyPhoto {
  /** The catalogue item's id. */
  itemId: string;
  /** The photo's storage key (catalogue_items.photo_key). */
  key: string;
  /** The item's name, sent as the photo's caption. */
  caption: string;
}

const CATALOGUE_LABEL = /^Catálogo:\s*/;

/**
 * The photos an answer may send (docs/decisions/025-catalogue-and-price-guard.md): of the ids the model
 * listed, only catalogue items that were among this reply's facts and have a photo, in the model's
 * order, at most REPLY_PHOTOS_MAX. An id the model invented, a passage or an item without a photo is
 * dropped. Pure.
 */
export function replyPhotos(ids: readonly string[] | undefined, sources: readonly FactSource[]): ReplyPhoto[] {
  const photos: ReplyPhoto[] = [];
  for (const id of ids ?? []) {
    const source = sources.find((s) => s.kind === 'product' && s.id === id && s.photoKey);
    if (!source || photos.some((p) => p.itemId === id)) continue;
    photos.push({ itemId: id, key: source.photoKey!, caption: source.label.replace(CATALOGUE_LABEL, '') });
    if (photos.length === REPLY_PHOTOS_MAX) break;
  }
  return photos;
}
