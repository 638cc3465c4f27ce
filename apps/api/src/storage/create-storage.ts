import type { StorageConfig } from '../config';
import { LocalDiskStorage } from './local-disk';
import { S3Storage } from './s3';
import type { Storage } from './storage';

export function createStorage(config: StorageConfig): Storage {
  return config.kind === 's3' ? new S3Storage(config) : new LocalDiskStorage(config.dir);
}

const shared = new WeakMap<StorageConfig, Storage>();
/** One storage per configuration, shared by the modules that use it. */
export function storageFor(config: StorageConfig): Storage {
  let storage = shared.get(config);
  if (!storage) {
    storage = createStorage(config);
    shared.set(config, storage);
  }
  return storage;
}
