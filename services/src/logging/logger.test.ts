import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

function collector() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, lines: () => chunks.join('').trimEnd().split('\n') };
}

describe('the process logger', () => {
  it('writes one JSON object a line in production', () => {
    const out = collector();
    createLogger({ NODE_ENV: 'production', LOG_LEVEL: 'info' }, 'worker', out.stream).info({ job: 7 }, 'job done');
    expect(out.lines().map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ level: 30, name: 'worker', job: 7, msg: 'job done' }),
    ]);
  });

  it('writes one readable line per event in development, and respects the level', () => {
    const out = collector();
    const log = createLogger({ NODE_ENV: 'development', LOG_LEVEL: 'info' }, 'projector', out.stream);
    log.debug('not shown');
    log.error({ err: new Error('boom') }, 'batch failed');
    expect(out.lines()).toEqual([expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] ERROR \(projector\): batch failed .*boom/)]);
  });

  it('logs a client that left mid-answer at info, not as an error', () => {
    const out = collector();
    const log = createLogger({ NODE_ENV: 'production', LOG_LEVEL: 'info' }, 'api', out.stream);
    // As @fastify/compress reports a download the browser gave up on.
    log.error(new Error('premature close'));
    log.warn({ err: Object.assign(new Error('closed'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }) }, 'stream');
    log.error(new Error('boom'));
    const lines = out.lines().map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [30, 'the client left before its answer was all sent'],
      [30, 'the client left before its answer was all sent'],
      [50, 'boom'],
    ]);
    const quiet = collector();
    createLogger({ NODE_ENV: 'development', LOG_LEVEL: 'warn' }, 'api', quiet.stream).error(new Error('premature close'));
    expect(quiet.lines()).toEqual(['']);
  });
});
