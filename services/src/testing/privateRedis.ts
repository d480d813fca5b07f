import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A redis-server of a test's own, so a test can stop and start Redis without disturbing the others. */
export class PrivateRedis {
  private child: ChildProcess | null = null;
  private dir: string | null = null;
  /** `extra`: more redis-server arguments (e.g. `['--replicaof', '127.0.0.1', '6400']`). */
  constructor(
    readonly port: number,
    private readonly extra: string[] = [],
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    // Its own folder: a replica writes the copy it receives there (dump.rdb), never into the checkout.
    this.dir ??= mkdtempSync(path.join(tmpdir(), 'redis-'));
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', '', '--appendonly', 'no', ...this.extra];
    this.child = spawn('redis-server', args, { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (await accepts(this.port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server did not start on ${this.port}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null) {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGKILL');
      });
    }
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }
}

/**
 * A Redis Sentinel of a test's own (redis-server in sentinel mode), watching the primary `name` at
 * `primaryPort`; it notices a primary down after `downAfterMs`.
 */
export class PrivateSentinel {
  private child: ChildProcess | null = null;
  private dir: string | null = null;
  constructor(
    readonly port: number,
    private readonly name: string,
    private readonly primaryPort: number,
    private readonly downAfterMs = 1000,
  ) {}

  async start(): Promise<void> {
    this.dir = mkdtempSync(path.join(tmpdir(), 'sentinel-'));
    const file = path.join(this.dir, 'sentinel.conf');
    writeFileSync(
      file,
      [
        `port ${this.port}`,
        'bind 127.0.0.1',
        `dir ${this.dir}`,
        `sentinel monitor ${this.name} 127.0.0.1 ${this.primaryPort} 1`,
        `sentinel down-after-milliseconds ${this.name} ${this.downAfterMs}`,
        `sentinel failover-timeout ${this.name} 10000`,
        '',
      ].join('\n'),
    );
    this.child = spawn('redis-server', [file, '--sentinel'], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (await accepts(this.port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis sentinel did not start on ${this.port}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null) {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGKILL');
      });
    }
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A port nothing listens on now (the system's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}
