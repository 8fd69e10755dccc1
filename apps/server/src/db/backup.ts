import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import JSZip from 'jszip';
import { PGLITE_SETTINGS, pgliteDir } from './client.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';

/**
 * Backups of the embedded database (`npm run db:backup` / `npm run db:restore`): one zip holding
 * PGlite's own dump of its data folder (`dumpDataDir`, a gzipped tarball), the media folder and the
 * generated session secret. PGlite allows one process per folder, so a backup takes the data folder's
 * lock: while the server runs it is refused with a message saying to stop it first (a copy taken under
 * a running server would not be consistent). PostgreSQL is backed up with pg_dump (docs/operations).
 */
export const BACKUP_MANIFEST = 'vendai-backup.json';
const DUMP_ENTRY = 'pglite.tar.gz';
const SECRET_ENTRY = 'auth-secret';
const MEDIA_ENTRY = 'media';
const FORMAT = 1;

export class BackupError extends Error {}

export interface BackupSummary {
  file: string;
  mediaFiles: number;
  bytes: number;
}

function lockOrExplain(dataDir: string, what: string): () => void {
  try {
    return acquireDataDirLock(dataDir);
  } catch (err) {
    throw new BackupError(
      `${(err as Error).message}\nPare o servidor antes ${what}: o banco embutido aceita um processo só.`,
    );
  }
}

/** Writes the backup of `dataDir` to `outFile` (a new file; the folder is created). */
export async function backupDataDir(dataDir: string, outFile: string): Promise<BackupSummary> {
  if (!fs.existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION')))
    throw new BackupError(`Não há banco embutido em ${dataDir} (DATA_DIR). Com DATABASE_URL, use pg_dump.`);
  if (fs.existsSync(outFile)) throw new BackupError(`O arquivo ${outFile} já existe; escolha outro nome.`);
  const release = lockOrExplain(dataDir, 'de fazer o backup');
  try {
    const pglite = await PGlite.create(pgliteDir(dataDir), PGLITE_SETTINGS);
    let dump: Blob;
    try {
      dump = await pglite.dumpDataDir('gzip');
    } finally {
      await pglite.close();
    }
    const zip = new JSZip();
    zip.file(BACKUP_MANIFEST, JSON.stringify({ format: FORMAT, createdAt: new Date().toISOString() }, null, 2));
    zip.file(DUMP_ENTRY, Buffer.from(await dump.arrayBuffer()), { compression: 'STORE' });
    const secret = path.join(dataDir, SECRET_ENTRY);
    if (fs.existsSync(secret)) zip.file(SECRET_ENTRY, fs.readFileSync(secret));
    const media = await listFiles(path.join(dataDir, MEDIA_ENTRY));
    for (const rel of media) {
      const abs = path.join(dataDir, MEDIA_ENTRY, rel);
      // Media is already compressed (images, audio, video): stored, read from disk as the zip is written.
      zip.file(`${MEDIA_ENTRY}/${rel.split(path.sep).join('/')}`, fs.createReadStream(abs), { compression: 'STORE' });
    }
    // The archive holds every account's data and the session secret: readable by its owner alone (a
    // folder made for it too; an existing folder keeps the permissions its owner gave it).
    await fsp.mkdir(path.dirname(path.resolve(outFile)), { recursive: true, mode: 0o700 });
    const partial = `${outFile}.partial`;
    await pipeline(
      zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true }),
      fs.createWriteStream(partial, { mode: 0o600 }),
    );
    await fsp.rename(partial, outFile);
    return { file: outFile, mediaFiles: media.length, bytes: fs.statSync(outFile).size };
  } finally {
    release();
  }
}

/** Every file under `root` (relative paths); none when the folder does not exist. Unfinished writes are left out. */
async function listFiles(root: string): Promise<string[]> {
  if (!fs.existsSync(root)) return [];
  const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.partial'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

export interface RestoreOptions {
  /** Replace the database, media and secret of a folder that already holds data. */
  force?: boolean;
}

/** Restores a backup into `dataDir`: refused when the folder holds data, unless `force`. */
export async function restoreDataDir(
  archive: string,
  dataDir: string,
  options: RestoreOptions = {},
): Promise<{ mediaFiles: number }> {
  if (!fs.existsSync(archive)) throw new BackupError(`Arquivo de backup não encontrado: ${archive}`);
  const zip = await JSZip.loadAsync(await fsp.readFile(archive));
  const manifest = await zip.file(BACKUP_MANIFEST)?.async('string');
  const dump = zip.file(DUMP_ENTRY);
  if (!manifest || !dump || (JSON.parse(manifest) as { format?: number }).format !== FORMAT)
    throw new BackupError(`${archive} não é um backup do VendAI (npm run db:backup).`);
  const existing = fs.existsSync(dataDir) ? (await fsp.readdir(dataDir)).filter((n) => n !== 'server.pid') : [];
  if (existing.length && !options.force)
    throw new BackupError(
      `A pasta ${dataDir} não está vazia (${existing.join(', ')}). Restaure numa pasta nova ou use --force para substituir.`,
    );
  await fsp.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const release = lockOrExplain(dataDir, 'de restaurar');
  try {
    for (const name of [path.basename(pgliteDir(dataDir)), MEDIA_ENTRY, SECRET_ENTRY])
      await fsp.rm(path.join(dataDir, name), { recursive: true, force: true });
    const pglite = await PGlite.create(pgliteDir(dataDir), {
      ...PGLITE_SETTINGS,
      loadDataDir: new Blob([await dump.async('uint8array')]),
    });
    await pglite.query('select 1');
    await pglite.close();
    const secret = zip.file(SECRET_ENTRY);
    if (secret)
      await fsp.writeFile(path.join(dataDir, SECRET_ENTRY), await secret.async('nodebuffer'), { mode: 0o600 });
    let mediaFiles = 0;
    for (const entry of Object.values(zip.files)) {
      if (entry.dir || !entry.name.startsWith(`${MEDIA_ENTRY}/`)) continue;
      const target = path.resolve(dataDir, ...entry.name.split('/'));
      // A hand-made archive cannot write outside the media folder.
      if (!target.startsWith(path.resolve(dataDir, MEDIA_ENTRY) + path.sep)) continue;
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await pipeline(entry.nodeStream('nodebuffer'), fs.createWriteStream(target, { mode: 0o600 }));
      mediaFiles += 1;
    }
    return { mediaFiles };
  } finally {
    release();
  }
}
