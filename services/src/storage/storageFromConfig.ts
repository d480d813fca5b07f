import type { Config } from '../config/config.ts';
import type { ImageStorage } from './imageStorage.ts';
import { LocalImageStorage } from './localImageStorage.ts';
import { S3ImageStorage } from './s3ImageStorage.ts';

/** The settings image storage reads from the config. */
export type ImageStorageConfig = Pick<
  Config,
  'IMAGES_DIR' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
>;

/**
 * S3-compatible storage when S3_ENDPOINT and S3_BUCKET are configured, else the local folder
 * IMAGES_DIR (the default, served by the API at /images/{folder}/{file}). Built once per process in main/.
 */
export function imageStorageFromConfig(config: ImageStorageConfig): ImageStorage {
  return config.S3_ENDPOINT && config.S3_BUCKET
    ? new S3ImageStorage({
        endpoint: config.S3_ENDPOINT,
        bucket: config.S3_BUCKET,
        region: config.S3_REGION ?? 'auto',
        accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
      })
    : new LocalImageStorage(config.IMAGES_DIR);
}
