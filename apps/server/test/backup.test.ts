/**
 * `npm run db:backup` / `npm run db:restore` (src/db/backup.ts): an embedded data folder with an account,
 * a conversation and a media file is backed up, restored into a fresh folder, and the same rows and
 * file are found there. A running server's folder is refused, and so is restoring over data without --force.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, backupDataDir, restoreDataDir } from '../src/db/backup.ts';
import { openDatabase } from '../src/db/client.ts';
import { acquireDataDirLock } from '../src/db/data-dir-lock.ts';
import { conversations, messages, numbers, user } from '../src/db/schema/index.ts';
import { createLocalStorage } from '../src/integrations/storage/local-storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-backup-'));
const source = path.join(root, 'data');
const archive = path.join(root, 'out', 'vendai.zip');
const userId = 'backup-user-1';
let mediaKey = '';

// The embedded database only: PostgreSQL is backed up with pg_dump (docs/operations/README.md).
describe.skipIf(process.env.TEST_DB === 'postgres')('embedded database backup', () => {
  beforeAll(async () => {
    const database = await openDatabase({ dataDir: source });
    const stored = await createLocalStorage(path.join(source, 'media')).save(userId, Buffer.from('foto-jpeg'), {
      mimetype: 'image/jpeg',
    });
    mediaKey = stored.key;
    await database.db.insert(user).values({ id: userId, name: 'Ana Backup', email: 'ana.backup@exemplo.com.br' });
    const [number] = await database.db
      .insert(numbers)
      .values({ userId, token: 't', phone: '5511900001111', instanceName: 'backup-inst' })
      .returning();
    const [conv] = await database.db
      .insert(conversations)
      .values({ userId, numberId: number!.id, contactJid: '5511922223333@s.whatsapp.net', contactName: 'Cliente' })
      .returning();
    await database.db.insert(messages).values([
      { userId, convId: conv!.id, direction: 'in', author: 'contact', content: 'Oi, tem bolo?' },
      { userId, convId: conv!.id, direction: 'in', author: 'contact', messageType: 'image', mediaUrl: stored.url },
    ]);
    await database.close();
    fs.writeFileSync(path.join(source, 'auth-secret'), 'segredo-gerado');
  }, 120_000);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('refuses while a server holds the data folder', async () => {
    const release = acquireDataDirLock(source);
    const other = path.join(source, 'server.pid');
    fs.writeFileSync(other, String(process.ppid)); // a live process other than this one
    try {
      await expect(backupDataDir(source, archive)).rejects.toThrow(/Pare o servidor antes de fazer o backup/);
      expect(fs.existsSync(archive)).toBe(false);
    } finally {
      fs.rmSync(other, { force: true });
      release();
    }
  });

  it('backs up, restores into a fresh folder and finds the same account, conversation and media', async () => {
    const done = await backupDataDir(source, archive);
    expect(done.mediaFiles).toBe(2); // the file and its .meta.json
    expect(fs.existsSync(path.join(source, 'server.pid'))).toBe(false); // the lock is let go
    // Every account's data and the session secret: its owner's alone, whatever the umask.
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(archive)).mode & 0o777).toBe(0o700);

    const target = path.join(root, 'restored');
    expect((await restoreDataDir(archive, target)).mediaFiles).toBe(2);
    const restored = await openDatabase({ dataDir: target });
    try {
      const [account] = await restored.db.select().from(user).where(eq(user.id, userId));
      expect(account?.email).toBe('ana.backup@exemplo.com.br');
      const convs = await restored.db.select().from(conversations).where(eq(conversations.userId, userId));
      expect(convs.map((c) => c.contactName)).toEqual(['Cliente']);
      const msgs = await restored.db.select().from(messages).where(eq(messages.convId, convs[0]!.id));
      expect(msgs.map((m) => m.content ?? m.messageType).sort()).toEqual(['Oi, tem bolo?', 'image']);
    } finally {
      await restored.close();
    }
    expect(fs.statSync(target).mode & 0o777).toBe(0o700);
    const restoredMedia = fs.readdirSync(path.join(target, 'media'), { recursive: true, withFileTypes: true });
    for (const entry of restoredMedia.filter((e) => e.isFile()))
      expect(fs.statSync(path.join(entry.parentPath, entry.name)).mode & 0o777, entry.name).toBe(0o600);
    const file = await createLocalStorage(path.join(target, 'media')).read(mediaKey);
    expect(file?.data.toString()).toBe('foto-jpeg');
    expect(file?.mimetype).toBe('image/jpeg');
    expect(fs.readFileSync(path.join(target, 'auth-secret'), 'utf8')).toBe('segredo-gerado');
  }, 120_000);

  it('does not restore over a folder with data unless forced', async () => {
    await expect(restoreDataDir(archive, source)).rejects.toBeInstanceOf(BackupError);
    await expect(restoreDataDir(archive, source)).rejects.toThrow(/não está vazia.*--force/);
    await expect(restoreDataDir(path.join(root, 'nada.zip'), path.join(root, 'x'))).rejects.toThrow(/não encontrado/);
    await expect(restoreDataDir(archive, source, { force: true })).resolves.toEqual({ mediaFiles: 2 });
  }, 120_000);
});
