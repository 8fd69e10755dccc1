/**
 * `npm run account:confirm-email -- EMAIL`: marks a person's e-mail as confirmed, for the operator of
 * a server without SMTP_URL, where the confirmation link cannot be mailed and the app tells the person
 * to ask support (docs/decisions/051-verified-email-and-membership-end.md). Confirm only an address you
 * know belongs to the person asking (e.g. they wrote from it). Reads DATABASE_URL / DATA_DIR like the
 * server; with the embedded database (PGlite) the server must be stopped (one process per DATA_DIR).
 */
import { loadEnv } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { acquireDataDirLock } from '../src/db/data-dir-lock.ts';
import { markEmailVerified } from '../src/modules/account/account-repository.ts';

async function main(): Promise<number> {
  const email = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!email) {
    console.error('Informe o e-mail: npm run account:confirm-email -- pessoa@exemplo.com.br');
    return 1;
  }
  const env = loadEnv();
  const releaseLock = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.dataDir);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  try {
    const outcome = await markEmailVerified(database.db, email.trim().toLowerCase());
    console.log(
      outcome === 'confirmed'
        ? `E-mail ${email} confirmado.`
        : outcome === 'already'
          ? `O e-mail ${email} já estava confirmado.`
          : `Nenhuma conta com o e-mail ${email}.`,
    );
    return outcome === 'unknown' ? 1 : 0;
  } finally {
    await database.close();
    releaseLock();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
