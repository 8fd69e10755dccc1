/**
 * `npm run db:backup [FILE]` and `npm run db:restore -- FILE [--force]`: backup and restore of the
 * embedded database (PGlite) in DATA_DIR, with the media folder and the generated session secret, in
 * one zip (src/db/backup.ts). The server must be stopped. With DATABASE_URL, use pg_dump / pg_restore
 * (docs/operations/README.md).
 */
import path from 'node:path';
import { BackupError, backupDataDir, restoreDataDir } from '../src/db/backup.ts';

const [command, ...args] = process.argv.slice(2);
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

async function main(): Promise<void> {
  if (process.env.DATABASE_URL) {
    throw new BackupError(
      'DATABASE_URL está definido: faça o backup do PostgreSQL com pg_dump (docs/operations/README.md).',
    );
  }
  if (command === 'backup') {
    const file = path.resolve(args[0] ?? path.join('backups', `vendai-${stamp()}.zip`));
    const done = await backupDataDir(dataDir, file);
    console.log(
      `Backup de ${dataDir} salvo em ${done.file} (${done.mediaFiles} arquivos de mídia, ${done.bytes} bytes).`,
    );
    return;
  }
  if (command === 'restore') {
    const file = args.find((a) => !a.startsWith('--'));
    if (!file) throw new BackupError('Informe o arquivo: npm run db:restore -- backups/vendai-….zip [--force]');
    const done = await restoreDataDir(path.resolve(file), dataDir, { force: args.includes('--force') });
    console.log(`Backup ${file} restaurado em ${dataDir} (${done.mediaFiles} arquivos de mídia). Inicie o servidor.`);
    return;
  }
  throw new BackupError('Use: db-backup.ts backup [ARQUIVO] | restore ARQUIVO [--force]');
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
});
