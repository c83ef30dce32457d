import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { isUuid } from '../db/columns.js';

/**
 * Where uploaded and received media live. Keys are `{tenantId}/…` paths chosen by the server,
 * never by the client. Local disk under DATA_DIR by default; an S3-compatible store can implement
 * the same class for scale-out.
 */
export abstract class FileStorage {
  abstract put(key: string, data: Buffer): Promise<void>;
  abstract read(key: string): Promise<Buffer>;
  abstract stream(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  abstract exists(key: string): Promise<boolean>;
  abstract remove(key: string): Promise<void>;
  /** Removes every file of the tenant (its company was deleted); nothing there is fine. */
  abstract removeTenantFiles(tenantId: string): Promise<void>;
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]{1,8}$/;

/** A key is `{tenantId}/{folder…}/{name}.{ext}`; anything else (.., absolute paths, odd characters) is refused. */
export function isValidFileKey(key: string): boolean {
  return KEY.test(key);
}

export function keyBelongsToTenant(key: string, tenantId: string): boolean {
  return isValidFileKey(key) && key.startsWith(`${tenantId}/`);
}

export class LocalFileStorage extends FileStorage {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    if (!isValidFileKey(key)) throw new Error(`invalid file key: ${key}`);
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`invalid file key: ${key}`);
    return path;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // write then rename: a reader never sees half a file
    const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, data, { mode: 0o600 });
    await rename(tmp, path);
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async stream(key: string): Promise<{ stream: Readable; size: number } | undefined> {
    if (!isValidFileKey(key)) return undefined;
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return undefined;
      return { stream: createReadStream(path), size: info.size };
    } catch {
      return undefined;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidFileKey(key)) return false;
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async removeTenantFiles(tenantId: string): Promise<void> {
    if (!isUuid(tenantId)) throw new Error(`invalid tenant id: ${tenantId}`);
    await rm(join(this.root, tenantId), { recursive: true, force: true });
  }
}
