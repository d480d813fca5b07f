import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { contentTypeOf, parseImageKey, type ImageFolder, type ImageStorage, type StoredObject } from './imageStorage.ts';

export interface S3Options {
  /** e.g. https://s3.ap-southeast-2.amazonaws.com, https://{account}.r2.cloudflarestorage.com, http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Per-request time limit. */
  timeoutMs?: number;
}

export class S3StorageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'S3StorageError';
  }
}

const statusOf = (e: unknown) => (e instanceof S3ServiceException ? (e.$metadata.httpStatusCode ?? 0) : 0);

/** Turns the SDK's error into ours ("Image storage upload of X failed: 403 SignatureDoesNotMatch"). */
function failure(e: unknown, what: string): never {
  if (!(e instanceof S3ServiceException)) throw e;
  const status = statusOf(e);
  throw new S3StorageError(status, `Image storage ${what} failed: ${status} ${e.name}`.trim());
}

/**
 * S3-compatible object storage through the AWS SDK, path-style addressing ({endpoint}/{bucket}/{key})
 * so it works with AWS, R2 and MinIO alike.
 */
export class S3ImageStorage implements ImageStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3Options) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: true,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Checksums only where S3 demands them: several S3-compatible stores refuse the SDK's default ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      requestHandler: { requestTimeout: options.timeoutMs ?? 30_000, connectionTimeout: 5_000 },
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    parseImageKey(key);
    await this.client
      .send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }))
      .catch((e) => failure(e, `upload of ${key}`));
  }

  async get(key: string): Promise<StoredObject | null> {
    parseImageKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const bytes = await object.Body!.transformToByteArray();
      return { body: Buffer.from(bytes), contentType: object.ContentType ?? contentTypeOf(key) };
    } catch (e) {
      if (statusOf(e) === 404) return null;
      return failure(e, `read of ${key}`);
    }
  }

  async exists(key: string): Promise<boolean> {
    parseImageKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (e) {
      if (statusOf(e) === 404) return false;
      return failure(e, `check of ${key}`);
    }
  }

  async list(folder: ImageFolder): Promise<string[]> {
    const keys: string[] = [];
    try {
      for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: `${folder}/` })) {
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      }
    } catch (e) {
      failure(e, `listing of ${folder}`);
    }
    return keys;
  }

  async delete(key: string): Promise<void> {
    parseImageKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (e) {
      if (statusOf(e) !== 404) failure(e, `delete of ${key}`);
    }
  }

  close(): void {
    this.client.destroy();
  }
}
