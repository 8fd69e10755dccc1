/**
 * The storage port for media (images, audio, video, documents, stickers received or sent on WhatsApp).
 * One small interface; the implementation is chosen by configuration (S3_BUCKET → S3-compatible bucket,
 * otherwise a folder under the data directory). Every object belongs to one account: the key starts with
 * the account's id (`<accountId>/<random>.<ext>`) and the media route serves it to that account only.
 */
export interface StorageMeta {
  /** MIME type as received, e.g. 'image/jpeg'; 'application/octet-stream' when unknown. */
  mimetype: string;
  /** Original file name (documents), kept for downloads. */
  filename?: string | null;
}

export interface StoredObject {
  /** Opaque key, `<accountId>/<uuid>[.ext]`; keep it in messages.media_* to read the file later. */
  key: string;
  /** Same-origin URL the signed-in owner's browser loads it from: `/api/media/<key>`. */
  url: string;
  /** Bytes stored. */
  size: number;
}

export interface StoredFile {
  data: Buffer;
  mimetype: string;
  filename: string | null;
  size: number;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores `data` for `accountId`; never overwrites an existing object (each save gets a new key). */
  save(accountId: string, data: Buffer, meta: StorageMeta): Promise<StoredObject>;
  /** The object, or null when the key is unknown or malformed. Ownership is checked by the caller (ownerOfKey). */
  read(key: string): Promise<StoredFile | null>;
  /** Removes the object; unknown keys are ignored. */
  remove(key: string): Promise<void>;
  /** Removes every object of one owner (account deletion): the keys under `<accountId>/`. Returns how many. */
  removeOwner(accountId: string): Promise<number>;
}
