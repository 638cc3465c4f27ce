import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors';
import {
  assertValidKey,
  type OperationOptions,
  type Storage,
  type StoredObject,
  storageErrors,
} from './storage';

interface Meta {
  contentType: string;
}

/** Files on local disk: `<dir>/<key>` holds the bytes and `<dir>/<key>.meta.json` the content type. */
export class LocalDiskStorage implements Storage {
  constructor(private readonly dir: string) {}

  private file(key: string): string {
    assertValidKey(key);
    return path.join(this.dir, ...key.split('/'));
  }

  async put(key: string, bytes: Uint8Array, contentType: string, options: OperationOptions = {}) {
    const file = this.file(key);
    if (options.signal?.aborted) throw storageErrors.canceled();
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temporary, bytes, { signal: options.signal });
      await writeFile(`${file}.meta.json`, JSON.stringify({ contentType } satisfies Meta));
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined);
      throw mapFsError(error);
    }
  }

  async get(key: string, options: OperationOptions = {}): Promise<StoredObject> {
    const file = this.file(key);
    try {
      const [bytes, meta] = await Promise.all([
        readFile(file, { signal: options.signal }),
        readFile(`${file}.meta.json`, 'utf8').then((text) => JSON.parse(text) as Meta),
      ]);
      return { bytes, contentType: meta.contentType };
    } catch (error) {
      throw mapFsError(error);
    }
  }

  async delete(key: string) {
    const file = this.file(key);
    try {
      await rm(file, { force: true });
      await rm(`${file}.meta.json`, { force: true });
    } catch (error) {
      throw mapFsError(error);
    }
  }
}

function mapFsError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const name = (error as Error).name;
  if (name === 'AbortError' || code === 'ABORT_ERR') return storageErrors.canceled();
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return storageErrors.notFound();
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return storageErrors.unauthorized();
    case 'ENOSPC':
    case 'EDQUOT':
    case 'EFBIG':
      return storageErrors.quota();
    default:
      return error;
  }
}
