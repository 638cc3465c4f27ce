// `npm run backup [-- <directory>]` and `npm run restore -- <directory>`: see docs/operations.md.
import path from 'node:path';
import { loadConfig } from '../config';
import { backup, restore } from './backup';

const [command, directory] = process.argv.slice(2);
const config = loadConfig();
const target = { dataDir: config.dataDir, databaseUrl: config.databaseUrl };

try {
  if (command === 'backup') {
    const into = path.resolve(
      directory ?? `backups/guichet-${new Date().toISOString().replace(/[:.]/g, '-')}`,
    );
    const manifest = await backup(target, into);
    console.log(`Backed up the ${manifest.database} database and DATA_DIR's files into ${into}`);
  } else if (command === 'restore' && directory) {
    const manifest = await restore(target, path.resolve(directory));
    console.log(`Restored the ${manifest.database} database of ${manifest.createdAt} from ${directory}`);
  } else {
    console.error('Usage: npm run backup [-- <new directory>] | npm run restore -- <backup directory>');
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
