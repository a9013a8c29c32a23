import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openPglite, openPostgres, type DatabaseHandle } from '../src/db/client';
import { repoRoot } from '../src/settings';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The connection string of the database on PostgreSQL (other processes may open it); none for PGlite. */
  url?: string;
  /** Closes the connection and removes what the test made. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (`npm run test:pg`), dropped afterwards.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openPglite({ loadDataDir: await migratedTemplate() });
    // Nothing left to apply: the template holds every migration (the file name says which).
    await handle.migrate();
    return { handle, dispose: () => handle.close() };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres({ connectionString: url.toString(), poolSize: 4 });
  await handle.migrate();
  return {
    handle,
    url: url.toString(),
    dispose: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/**
 * A migrated, empty embedded database as a tarball, made once per set of migrations and shared by every
 * test file (and run): creating a PGlite database and migrating it costs about 5 s on these machines,
 * starting one from the tarball well under one.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  // The PGlite version pinned at the root: another version may not read this one's files.
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  hash.update(dependencies['@electric-sql/pglite'] ?? '');
  const file = path.join(os.tmpdir(), `portal-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    const handle = await openPglite();
    try {
      await handle.migrate();
      const dump = await handle.dump?.();
      if (!dump) throw new Error('the embedded database cannot be dumped');
      // Written aside and renamed: test files starting together never read half a tarball.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      await handle.close();
    }
  }
  return new Blob([fs.readFileSync(file)]);
}
