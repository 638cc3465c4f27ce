import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock';

/**
 * A backup is a directory: `manifest.json`, the database (`database.tar.gz`, the embedded database's data
 * directory as PGlite dumps it, or `database.dump`, PostgreSQL's custom format from `pg_dump`), and what
 * else DATA_DIR holds that the database does not: uploaded files (`files/`) and the generated signing
 * secret (`jwt-secret`, without which every session ends at restore).
 */
export interface BackupManifest {
  format: 1;
  database: 'embedded' | 'postgres';
  createdAt: string;
}

export interface BackupTarget {
  dataDir: string;
  /** PostgreSQL: backed up with `pg_dump` and restored with `pg_restore`, which must be on the PATH. */
  databaseUrl: string | undefined;
}

const MANIFEST = 'manifest.json';
const EXTRAS = ['files', 'jwt-secret'];

function runTool(tool: string, args: string[]): void {
  const result = spawnSync(tool, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) {
    throw new Error(`${tool} could not run (${result.error.message}): install PostgreSQL's client tools`);
  }
  if (result.status !== 0) throw new Error(`${tool} failed with exit code ${result.status}`);
}

export async function backup(target: BackupTarget, into: string): Promise<BackupManifest> {
  if (existsSync(into)) throw new Error(`${into} already exists: give a new directory`);
  mkdirSync(into, { recursive: true });
  const manifest: BackupManifest = {
    format: 1,
    database: target.databaseUrl ? 'postgres' : 'embedded',
    createdAt: new Date().toISOString(),
  };
  if (target.databaseUrl) {
    runTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${path.join(into, 'database.dump')}`,
      target.databaseUrl,
    ]);
  } else {
    const release = lockDataDir(target.dataDir);
    try {
      const database = new PGlite(path.join(target.dataDir, 'db'));
      try {
        // Dumping before the database is up never finishes.
        await database.waitReady;
        const dump = await database.dumpDataDir('gzip');
        writeFileSync(path.join(into, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await database.close();
      }
    } finally {
      release();
    }
  }
  for (const extra of EXTRAS) {
    const source = path.join(target.dataDir, extra);
    if (existsSync(source)) cpSync(source, path.join(into, extra), { recursive: true });
  }
  writeFileSync(path.join(into, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Puts a backup back: the database replaced by the backup's (embedded: the data directory; PostgreSQL:
 * `pg_restore --clean`), then the files and the signing secret. Run it with the server stopped; the
 * server applies any newer migrations when it starts.
 */
export async function restore(target: BackupTarget, from: string): Promise<BackupManifest> {
  const manifestFile = path.join(from, MANIFEST);
  if (!existsSync(manifestFile)) throw new Error(`${from} is not a Guichet backup (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
  const expected = target.databaseUrl ? 'postgres' : 'embedded';
  if (manifest.database !== expected) {
    throw new Error(
      `This backup holds a ${manifest.database} database; the configuration names a ${expected} one`,
    );
  }
  mkdirSync(target.dataDir, { recursive: true });
  const release = target.databaseUrl ? () => {} : lockDataDir(target.dataDir);
  try {
    if (target.databaseUrl) {
      runTool('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--exit-on-error',
        `--dbname=${target.databaseUrl}`,
        path.join(from, 'database.dump'),
      ]);
    } else {
      const dbDir = path.join(target.dataDir, 'db');
      rmSync(dbDir, { recursive: true, force: true });
      const archive = new Blob([readFileSync(path.join(from, 'database.tar.gz'))]);
      const database = new PGlite(dbDir, { loadDataDir: archive });
      await database.waitReady;
      await database.close();
    }
    for (const extra of EXTRAS) {
      const source = path.join(from, extra);
      const destination = path.join(target.dataDir, extra);
      rmSync(destination, { recursive: true, force: true });
      if (existsSync(source)) cpSync(source, destination, { recursive: true });
    }
  } finally {
    release();
  }
  return manifest;
}
