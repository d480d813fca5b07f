import { pino, stdSerializers, type LogFn, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Writable } from 'node:stream';
import type { Config } from '../config/config.ts';

export type { Logger } from 'pino';

/** The settings a logger reads from the config. */
export type LoggerConfig = Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>;

/**
 * The logger of one process (`name`: api, worker, projector, simulators, setup, start). In
 * production one JSON object a line, for a log collector; in development and tests one readable
 * line per event ("12:00:01.234 INFO (worker): worker started"), written synchronously so the
 * supervisor's prefixes and a crash's last words stay in order. `destination` defaults to stdout.
 */
export function createLogger(config: LoggerConfig, name: string, destination?: Writable): Logger {
  const options = { name, level: config.LOG_LEVEL, hooks: { logMethod: clientGoneIsNoError } };
  if (config.NODE_ENV === 'production') return destination ? pino(options, destination) : pino(options);
  return pino(
    // pino-pretty always spreads the error key (`err`) over many lines; under another name it stays
    // on the event's line as JSON, its stack escaped.
    {
      ...options,
      formatters: {
        log: ({ err, ...rest }) => (err === undefined ? rest : { ...rest, error: err instanceof Error ? stdSerializers.err(err) : err }),
      },
    },
    pretty({
      destination: destination ?? 1,
      sync: true,
      singleLine: true,
      colorize: process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
      errorLikeObjectKeys: [],
    }),
  );
}

/**
 * An answer's stream ended early because the client went away (a page closed mid-download):
 * end-of-stream's "premature close", which @fastify/compress logs as an error, or Node's own code.
 */
function isClientGone(value: unknown): boolean {
  if (!(value instanceof Error)) return false;
  return value.message === 'premature close' || (value as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/** A client that left is not the shop's error: logged at info (as fastify logs its own), not warn or error. */
function clientGoneIsNoError(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number): void {
  const [first] = args;
  const err = isClientGone(first) ? first : (first as { err?: unknown } | null)?.err;
  if (level > 30 && isClientGone(err)) {
    this.info({ err }, 'the client left before its answer was all sent');
    return;
  }
  method.apply(this, args);
}
