import { createDb, migrateToLatest, seed } from '@atelier/db';
import { createStorage } from '@atelier/media';
import { runMediaMigrate } from '@atelier/media/migrate';
import { EnvError, parseEnv } from '@atelier/shared/env';
import { pino } from 'pino';
import { hashPassword } from './modules/auth/auth.password';
import { missingDemoMedia, seedDemoMedia } from './modules/demo/demo.media';

/** `node dist/cli.js migrate|seed|media:migrate` — used by `npm start`, the tests and docker compose. */
async function run(command: string | undefined) {
  const env = parseEnv();
  const { db } = createDb({ connectionString: env.db.url, max: 1 });
  try {
    if (command === 'migrate') {
      const applied = await migrateToLatest(db);
      console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database is up to date');
    } else if (command === 'seed') {
      await seed(db, { adminEmail: env.admin.email, adminPassword: env.admin.password, hashPassword });
      // The demo's files, rendered by the local engines into storage (only those missing).
      const storage = createStorage(env);
      const log = pino({ level: env.logLevel === 'silent' ? 'silent' : 'warn' });
      const started = Date.now();
      const { rendered, failed } = await seedDemoMedia({ db, storage, log });
      if (rendered.length) console.log(`Rendered ${rendered.length} demo files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const stillMissing = await missingDemoMedia({ db, storage });
      if (failed.length || stillMissing.length) {
        console.warn(
          `The demo is missing ${stillMissing.length} files (${failed.map((f) => `${f.key}: ${f.error}`).join('; ') || stillMissing.join(', ')})`,
        );
      }
      console.log('Seed complete (model catalogue, credit packages, admin, demo workspace and its media)');
    } else if (command === 'media:migrate') {
      process.exitCode = await runMediaMigrate(process.argv.slice(3), env, process.stdout, process.stderr);
    } else {
      console.error('Usage: cli.js migrate|seed|media:migrate');
      process.exitCode = 2;
    }
  } finally {
    await db.destroy();
  }
}

run(process.argv[2]).catch((e: unknown) => {
  console.error(e instanceof EnvError ? e.message : e);
  process.exit(1);
});
