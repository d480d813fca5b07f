import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { contentTypeOf, parseImageKey, type ImageFolder, type ImageStorage, type StoredObject } from './imageStorage.ts';

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

/** Images in a local folder (config IMAGES_DIR): {root}/{folder}/{file}. Writes are atomic (temp file, then rename). */
export class LocalImageStorage implements ImageStorage {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    const { folder, file } = parseImageKey(key);
    return path.join(this.root, folder, file);
  }

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    await writeFile(temp, body);
    await rename(temp, target);
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      return { body: await readFile(this.pathOf(key)), contentType: contentTypeOf(key) };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  async list(folder: ImageFolder): Promise<string[]> {
    try {
      const entries = await readdir(path.join(this.root, folder), { withFileTypes: true });
      return entries.filter((e) => e.isFile() && !e.name.endsWith('.tmp')).map((e) => `${folder}/${e.name}`);
    } catch (e) {
      if (isMissing(e)) return [];
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
