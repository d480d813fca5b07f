import type { Config } from '../config/config.ts';
import type { ImageStorage } from './imageStorage.ts';
import { LocalImageStorage } from './localImageStorage.ts';
import { S3ImageStorage } from './s3ImageStorage.ts';

/** The S3 settings (config keys S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY). */
type S3Config = Partial<Record<'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY', string>>;

/**
 * S3-compatible storage when S3_ENDPOINT and S3_BUCKET are configured, else the local folder
 * IMAGES_DIR (the default, served by the API at /images/{folder}/{file}). Built once per process in main/.
 */
export function imageStorageFromConfig(config: Config): ImageStorage {
  const s3 = config as Config & S3Config;
  return s3.S3_ENDPOINT && s3.S3_BUCKET
    ? new S3ImageStorage({
        endpoint: s3.S3_ENDPOINT,
        bucket: s3.S3_BUCKET,
        region: s3.S3_REGION ?? 'auto',
        accessKeyId: s3.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: s3.S3_SECRET_ACCESS_KEY ?? '',
      })
    : new LocalImageStorage(config.IMAGES_DIR);
}
