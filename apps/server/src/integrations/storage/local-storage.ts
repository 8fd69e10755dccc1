import fs from 'node:fs/promises';
import path from 'node:path';
import { isValidKey, isValidOwner, mediaUrl, newKey } from './storage-keys.ts';
import type { Storage, StoredFile } from './storage.ts';

interface Sidecar {
  mimetype: string;
  filename: string | null;
  size: number;
}

/**
 * Media in a folder (default `${DATA_DIR}/media`): `<root>/<accountId>/<uuid>.<ext>` plus a
 * `<file>.meta.json` beside it with the MIME type and original name. Writes go to a temporary file
 * renamed into place, so a reader never sees half a file.
 */
export function createLocalStorage(root: string): Storage {
  const fileFor = (key: string) => path.join(root, ...key.split('/'));

  return {
    kind: 'local',

    async save(accountId, data, meta) {
      const key = newKey(accountId, meta);
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const sidecar: Sidecar = {
        mimetype: meta.mimetype || 'application/octet-stream',
        filename: meta.filename ?? null,
        size: data.length,
      };
      await fs.writeFile(`${file}.meta.json.partial`, JSON.stringify(sidecar));
      await fs.writeFile(`${file}.partial`, data);
      await fs.rename(`${file}.meta.json.partial`, `${file}.meta.json`);
      await fs.rename(`${file}.partial`, file);
      return { key, url: mediaUrl(key), size: data.length };
    },

    async read(key): Promise<StoredFile | null> {
      if (!isValidKey(key)) return null;
      const file = fileFor(key);
      try {
        const [data, metaText] = await Promise.all([fs.readFile(file), fs.readFile(`${file}.meta.json`, 'utf8')]);
        const meta = JSON.parse(metaText) as Sidecar;
        return { data, mimetype: meta.mimetype, filename: meta.filename, size: data.length };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },

    async remove(key) {
      if (!isValidKey(key)) return;
      const file = fileFor(key);
      await Promise.all([fs.rm(file, { force: true }), fs.rm(`${file}.meta.json`, { force: true })]);
    },

    async removeOwner(accountId) {
      if (!isValidOwner(accountId)) return 0;
      const dir = path.join(root, accountId);
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      await fs.rm(dir, { recursive: true, force: true });
      return names.filter((n) => !n.endsWith('.meta.json') && !n.endsWith('.partial')).length;
    },
  };
}
