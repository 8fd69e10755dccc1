/**
 * A fresh, migrated database for one test file, on the engine TEST_DB names:
 *
 * - `pglite` (default): an in-memory PGlite copied from a migrated template. PGlite's `clone()` is
 *   `dumpDataDir()` + `PGlite.create({ loadDataDir })`; the template's dump (the "image") is taken
 *   once and every test database is created from it, which skips initdb (2–5 s) and the migration.
 *   Vitest runs each test file in its own process, so an in-process template alone would be built
 *   once per file; the image is therefore also cached in the system temp folder, keyed by the
 *   migration files and the PGlite version, so only the first process on a machine pays for it.
 * - `postgres`: a new database `vendai_test_<random>` on the server in DATABASE_URL, copied with
 *   `CREATE DATABASE … TEMPLATE` from a migrated template database (`vendai_tpl_<key>`, keyed like the
 *   PGlite image by the migration files, built once per server by whichever process needs it first,
 *   under an advisory lock, see ensurePostgresTemplate), opened by the app's own openDatabase (which
 *   re-checks the journal) and dropped (WITH (FORCE)) on dispose. Copying skips replaying every
 *   migration (figures in docs/performance.md#ci-time).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase, PGLITE_SETTINGS, pgliteExtensions } from '../../src/db/client.ts';

export interface TestDatabase extends Database {
  /** Closes the connection and removes the database (PostgreSQL: DROP DATABASE ... WITH (FORCE)). */
  dispose(): Promise<void>;
}

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
/** Bump when the way the image is made changes, so stale caches are ignored. */
const IMAGE_FORMAT = '1';

export function testDatabaseKind(): 'pglite' | 'postgres' {
  const kind = process.env.TEST_DB ?? 'pglite';
  if (kind !== 'pglite' && kind !== 'postgres')
    throw new Error(`TEST_DB must be 'pglite' or 'postgres', not '${kind}'`);
  return kind;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  return testDatabaseKind() === 'postgres' ? createPostgresDatabase() : createPgliteDatabase();
}

// ---------------------------------------------------------------------------------------------
// PGlite

let templateImage: Promise<Blob> | undefined;

/**
 * The image as a Blob whose bytes PGlite reads without a copy. PGlite's loadTar calls `arrayBuffer()` and only
 * reads the result (untar, then a copy into its file system); Node's own Blob assembles those 46 MB chunk by
 * chunk on every call, about 0.3 s of CPU a test database (docs/performance.md#ci-time).
 */
class ImageBlob extends Blob {
  readonly #image: ArrayBuffer;
  constructor(image: Buffer) {
    super([], { type: 'application/x-tar' });
    this.#image = image.buffer.slice(image.byteOffset, image.byteOffset + image.byteLength) as ArrayBuffer;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#image);
  }
}

/**
 * Fills an empty PGlite folder (`pgliteDir(DATA_DIR)`) with the migrated template, so a server process started
 * on it finds its schema instead of running initdb and every migration (about 10 s of CPU a start;
 * docs/decisions/076-ci-cpu-budget.md). The server still applies its migrations at the start: a no-op here
 * that proves the journal matches. A folder that already holds a database is left alone.
 */
export async function seedMigratedPgliteDir(dir: string): Promise<void> {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) return;
  fs.mkdirSync(dir, { recursive: true });
  templateImage ??= loadTemplateImage();
  const pglite = await PGlite.create(dir, { loadDataDir: await templateImage, extensions: pgliteExtensions() });
  await pglite.close();
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  templateImage ??= loadTemplateImage();
  // The app's own PGlite settings: its 16 MB of shared buffers, where PGlite's default 128 MB is zeroed at every
  // start (about 0.4 s of CPU a test database, docs/performance.md#ci-time).
  const pglite = await PGlite.create('memory://', { ...PGLITE_SETTINGS, loadDataDir: await templateImage });
  // openDatabase applies the migrations again: a no-op on the migrated copy (~40 ms) that also
  // proves the committed journal matches what is in the database.
  const database = await openDatabase({ pglite, dataDir: 'memory://' });
  return { ...database, dispose: () => database.close() };
}

/** The migrated template's data directory, from the temp-folder cache or built now. */
async function loadTemplateImage(): Promise<Blob> {
  const cacheFile = path.join(os.tmpdir(), 'vendai-test-pglite', `template-${templateKey()}.tar`);
  if (fs.existsSync(cacheFile)) {
    try {
      return new ImageBlob(fs.readFileSync(cacheFile));
    } catch {
      /* unreadable: rebuild below */
    }
  }
  const template = await PGlite.create('memory://', { extensions: pgliteExtensions() });
  try {
    await openDatabase({ pglite: template, dataDir: 'memory://' });
    const image = await template.dumpDataDir('none');
    const bytes = Buffer.from(await image.arrayBuffer());
    // Written beside and renamed: a parallel worker never reads a half-written file.
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    const partial = `${cacheFile}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, cacheFile);
    return new ImageBlob(bytes);
  } finally {
    await template.close();
  }
}

/** Changes whenever a migration or the PGlite build changes. */
function templateKey(): string {
  const hash = createHash('sha256').update(IMAGE_FORMAT).update(pgliteVersion());
  const files = fs.readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

async function createPostgresDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    throw new Error(
      'TEST_DB=postgres needs DATABASE_URL pointing at a PostgreSQL server where the tests may create ' +
        'and drop databases, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres',
    );
  }
  postgresTemplate ??= ensurePostgresTemplate(serverUrl);
  const template = await postgresTemplate;
  const name = `vendai_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, name), dataDir: 'memory://' });
  } catch (err) {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    throw err;
  }
  let disposed = false;
  return {
    ...database,
    async dispose() {
      if (disposed) return;
      disposed = true;
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

let postgresTemplate: Promise<string> | undefined;

function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One lock for every checkout on the server: building, marking and dropping templates take turns. */
const TEMPLATE_LOCK = 'vendai_tpl';
/** A template no checkout has used for this long is dropped (another checkout's older migrations). */
const TEMPLATE_UNUSED_MS = 24 * 60 * 60 * 1000;
/** A test database is dropped by its file when done; one older than this was left by a killed run. */
const TEST_DATABASE_LEFT_MS = 6 * 60 * 60 * 1000;

/**
 * The migrated template's name, built now when the server has none for these migrations.
 *
 * - Keyed by a hash of the migration files: a checkout with other migrations (another branch on the
 *   same server) gets its own template, and a changed migration builds a new one.
 * - Built under a temporary name and renamed when complete, inside an advisory lock, so parallel
 *   processes (the test passes, their workers, several checkouts on one server) never copy a
 *   half-migrated template; a process killed mid-build leaves only the temporary name, dropped later.
 * - Marked `ALLOW_CONNECTIONS false` once built: `CREATE DATABASE … TEMPLATE` needs the template to
 *   have no connections, and nobody can open one by mistake (template0 is kept the same way).
 * - Each use writes the time into the template's comment; templates unused for a day, temporary
 *   names, and `vendai_test_*` databases a killed run left behind are dropped here.
 */
async function ensurePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `vendai_tpl_${templateKey()}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [TEMPLATE_LOCK]);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) await buildPostgresTemplate(serverUrl, name);
    else await client.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`); // one built before this rule
    await client.query(`COMMENT ON DATABASE ${name} IS '${new Date().toISOString()}'`);
    await dropStaleDatabases(client, name);
    return name;
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [TEMPLATE_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}

async function buildPostgresTemplate(serverUrl: string, name: string): Promise<void> {
  const building = `${name}_${randomBytes(3).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${building}`);
  try {
    const database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, building), dataDir: 'memory://' });
    await database.close();
    await adminQuery(serverUrl, `ALTER DATABASE ${building} WITH ALLOW_CONNECTIONS false`);
    await adminQuery(serverUrl, `ALTER DATABASE ${building} RENAME TO ${name}`);
  } catch (err) {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${building} WITH (FORCE)`).catch(() => {});
    throw err;
  }
}

/** Called under TEMPLATE_LOCK, so a template being built by another process is never seen here. */
async function dropStaleDatabases(client: pg.Client, current: string): Promise<void> {
  const { rows } = await client.query<{ datname: string; comment: string | null }>(
    `SELECT datname, shobj_description(oid, 'pg_database') AS comment FROM pg_database
      WHERE datname LIKE 'vendai\\_tpl\\_%' OR datname LIKE 'vendai\\_test\\_%'`,
  );
  const now = Date.now();
  for (const { datname, comment } of rows) {
    if (datname === current) continue;
    const template = /^vendai_tpl_[0-9a-f]{16}$/.test(datname);
    const building = /^vendai_tpl_[0-9a-f]{16}_[0-9a-f]{6}$/.test(datname);
    const testDatabase = /^vendai_test_([0-9a-z]{8,})_[0-9a-f]{8}$/.exec(datname);
    const stale =
      building ||
      (template && !(now - Date.parse(comment ?? '') < TEMPLATE_UNUSED_MS)) ||
      (testDatabase !== null && now - parseInt(testDatabase[1]!, 36) > TEST_DATABASE_LEFT_MS);
    if (!stale) continue;
    // FORCE ends what a killed run left connected; a failure (another process dropping it) is harmless.
    await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
  }
}

/** One statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a pool transaction). */
async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: serverUrl });
    try {
      await client.connect();
      await client.query(statement);
      return;
    } catch (err) {
      // 55006: "source database … is being accessed by other users" when CREATE DATABASE calls from
      // parallel workers meet (or a template's last connection is still closing); it clears in a moment.
      if ((err as { code?: string }).code !== '55006' || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    } finally {
      await client.end().catch(() => {});
    }
  }
}
