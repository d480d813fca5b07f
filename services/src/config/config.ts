import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

/** Development defaults anyone can read in the README: production refuses them (productionRefusals). */
export const DEVELOPMENT_JWT_SECRET = 'dev-only-secret-change-me-please';
export const DEVELOPMENT_ADMIN_PASSWORD = 'admin-password';
/** docker-compose.yml's placeholder, used when JWT_SECRET is not set in the environment. */
export const COMPOSE_PLACEHOLDER_JWT_SECRET = 'change-me-to-a-long-random-secret';

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/comicshop'),
  /** A streaming replica the API reads browse and search from (start:cluster); DATABASE_URL when unset. */
  DATABASE_READ_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /**
   * The API's connections for commands (checkouts, orders, admin) and their reads. A connection is
   * held from the moment it is handed over until its answer has been read by the API's event loop,
   * which, busy with browsing, takes far longer than PostgreSQL's work: beside browsing a checkout's
   * statement holds one 10 times as long as the server works on it (docs/benchmarks.md, "The write
   * pool"). With the other roles' pools it keeps the shop within PostgreSQL's default
   * max_connections (main/connections.ts, `shopConnectionsAtMost`).
   */
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(40),
  /**
   * The API's connections for browse and search (the replica's, or the primary's when there is none),
   * apart from DB_POOL_SIZE so a catalogue read never queues behind checkouts.
   */
  DB_BROWSE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Sales first (db/salesFirst.ts): the browse connections kept however many sales are under way;
   * each shopper's update-order or complete-order call in flight takes one of DB_BROWSE_POOL_SIZE
   * down to this. DB_BROWSE_POOL_SIZE turns sales first off. Not used with DATABASE_READ_URL.
   */
  DB_BROWSE_POOL_MIN: z.coerce.number().int().min(1).max(200).default(2),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /**
   * Redis through Sentinel: `host:port` of each Sentinel, comma-separated. When set, the primary is
   * the one the Sentinels name REDIS_SENTINEL_NAME (REDIS_URL then gives only the password and db).
   */
  REDIS_SENTINELS: z
    .string()
    .regex(/^\s*[\w.-]+:\d{1,5}\s*(,\s*[\w.-]+:\d{1,5}\s*)*$/, 'REDIS_SENTINELS must look like host:port,host:port')
    .optional(),
  REDIS_SENTINEL_NAME: z
    .string()
    .regex(/^[\w.-]+$/, 'REDIS_SENTINEL_NAME may contain letters, digits, ., - and _')
    .default('comicshop'),
  /** Prefix of the BullMQ keys, so two shops (or a test run) can share one Redis. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[\w-]+$/, 'QUEUE_PREFIX may contain letters, digits, - and _')
    .default('comicshop'),
  JWT_SECRET: z.string().min(16, 'JWT_SECRET must be at least 16 characters').default(DEVELOPMENT_JWT_SECRET),
  EVENT_STORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
  EVENTSTORE_URL: z.string().optional(),
  ADMIN_EMAIL: z.string().email().default('admin@comicshop.local'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').default(DEVELOPMENT_ADMIN_PASSWORD),
  SHOP_NAME: z.string().min(1).default('Brisbane Comics'),
  SHOP_ABN: z
    .string()
    .regex(/^\d{2} ?\d{3} ?\d{3} ?\d{3}$/, 'SHOP_ABN must be 11 digits')
    .default('12 345 678 901'),
  PUBLIC_URL: z.string().url().default('http://127.0.0.1:3000'),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits are per address). */
  TRUST_PROXY: booleanFlag.default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PROJECTION_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  /** Under steady writes, how long each projector lets events gather between batches (0: read again at once). */
  PROJECTION_GATHER_MS: z.coerce.number().int().min(0).max(5_000).default(100),
  /**
   * The worker role's niceness (0-19; 0 leaves it as started): emails, eBay quantities, reactors and
   * checkout recovery yield the cores to shoppers' requests when the machine is busy (docs/workers.md).
   */
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  SERVE_WEB: booleanFlag.default('true'),
  // Outside services. Each has a local stand-in (started by `npm start` when SIMULATORS is on) used
  // when the real service's credentials are not set.
  SIMULATORS: booleanFlag.default('true'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must look like smtp://host:port')
    .default('smtp://127.0.0.1:2525'),
  MAIL_FROM: z.string().min(3).default('"Brisbane Comics" <orders@comicshop.local>'),
  MAIL_VIEWER_PORT: z.coerce.number().int().min(0).max(65535).default(8025),
  SQUARE_ACCESS_TOKEN: z.string().optional(),
  SQUARE_LOCATION_ID: z.string().optional(),
  SQUARE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  SQUARE_SIMULATOR_URL: z.string().url().default('http://127.0.0.1:4010'),
  EBAY_API_BASE: z.string().url().default('http://127.0.0.1:4020'),
  EBAY_AUTH_BASE: z.string().url().default('http://127.0.0.1:4020'),
  EBAY_CLIENT_ID: z.string().min(1).default('simulator-client'),
  EBAY_CLIENT_SECRET: z.string().min(1).default('simulator-secret'),
  EBAY_REFRESH_TOKEN: z.string().min(1).default('simulator-refresh-token'),
  EBAY_FULFILLMENT_POLICY_ID: z.string().min(1).default('SIM-FULFILMENT'),
  EBAY_PAYMENT_POLICY_ID: z.string().min(1).default('SIM-PAYMENT'),
  EBAY_RETURN_POLICY_ID: z.string().min(1).default('SIM-RETURN'),
  EBAY_MERCHANT_LOCATION_KEY: z.string().min(1).default('BRISBANE'),
  EBAY_CATEGORY_ID: z.string().regex(/^\d+$/, 'EBAY_CATEGORY_ID is a number').optional(),
  /** How often the worker pulls eBay's sales (a BullMQ job scheduler); tests use a few seconds. */
  EBAY_SYNC_SECONDS: z.coerce
    .number({ invalid_type_error: 'EBAY_SYNC_SECONDS must be a number of seconds' })
    .int('EBAY_SYNC_SECONDS must be a whole number of seconds')
    .min(1, 'EBAY_SYNC_SECONDS must be at least 1')
    .max(86_400, 'EBAY_SYNC_SECONDS is at most 86400 (a day)')
    .default(300),
  PICKUP_ADDRESS: z.string().min(1).default('Brisbane Comics, 12 Moggill Road, Kenmore QLD 4075'),
  PICKUP_HOURS: z.string().min(1).default('Saturdays 10am to 2pm, or by arrangement'),
  IMAGES_DIR: z.string().min(1).default('.data/images'),
  /** S3-compatible object storage for images; the local folder IMAGES_DIR when unset. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('auto'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** TLS ends in front of the shop (a proxy or load balancer): send Strict-Transport-Security. */
  HSTS: booleanFlag.default('false'),
  /** The Google Maps key the web app was built with (address search); the page policy then allows its scripts. */
  VITE_GOOGLE_MAPS_KEY: z.string().optional(),
  /** Off only to measure the database path (bench/catalogue --no-cache): every answer computed, as on a miss. */
  CATALOGUE_CACHE: booleanFlag.default('true'),
  /** How many catalogue answers each API process keeps (the least recently used go first). */
  CATALOGUE_CACHE_ANSWERS: z.coerce.number().int().min(1).max(1_000_000).default(30_000),
  /** Browse pages of a plain mode answered from the process's index of items in stock (catalogue/browseIndex.ts); off: read from the database. */
  CATALOGUE_BROWSE_INDEX: booleanFlag.default('true'),
  /** Searches answered from the same index (catalogue/searchIndex.ts), needing CATALOGUE_BROWSE_INDEX; off: read from the database. */
  CATALOGUE_SEARCH_INDEX: booleanFlag.default('true'),
  /**
   * The API process's young generation: V8's semi-space, in MB (docs/operations.md). A catalogue
   * miss allocates a page's rows and body at once (and the JSON of items not yet kept); with Node
   * 20's default of 16 MB most of it was copied and promoted before it died.
   */
  API_SEMI_SPACE_MB: z.coerce
    .number({ invalid_type_error: 'API_SEMI_SPACE_MB must be a number of megabytes' })
    .int('API_SEMI_SPACE_MB must be a whole number of megabytes')
    .min(1, 'API_SEMI_SPACE_MB must be at least 1')
    .max(1024, 'API_SEMI_SPACE_MB is at most 1024')
    .default(64),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value names the variable and why, and no process starts with it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const refusals = result.data.NODE_ENV === 'production' ? productionRefusals(result.data) : [];
  if (refusals.length > 0) throw new ConfigError(`Refusing to start in production:\n${refusals.map((r) => `  ${r}`).join('\n')}`);
  return result.data;
}

/** Settings that are safe on a developer's machine and dangerous in production, each naming what to change. */
export function productionRefusals(config: Config): string[] {
  const refusals: string[] = [];
  if (config.JWT_SECRET === DEVELOPMENT_JWT_SECRET || config.JWT_SECRET === COMPOSE_PLACEHOLDER_JWT_SECRET) {
    refusals.push(
      'JWT_SECRET: set a long random value of your own (for example `openssl rand -hex 32`); the default lets anyone sign admin tokens',
    );
  } else if (config.JWT_SECRET.length < 32) {
    refusals.push('JWT_SECRET: use at least 32 characters in production (for example `openssl rand -hex 32`)');
  }
  if (config.ADMIN_PASSWORD === DEVELOPMENT_ADMIN_PASSWORD) {
    refusals.push('ADMIN_PASSWORD: set a password of your own; the default is printed in the README');
  }
  return refusals;
}

/** For process entry points: print the message and exit 1 rather than a stack trace. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}
