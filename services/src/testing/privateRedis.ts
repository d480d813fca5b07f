import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * One redis-server process of a test's own, in a folder of its own (a replica writes the copy it
 * receives there, dump.rdb, never into the checkout), killed and its folder removed on stop.
 */
class RedisServerProcess {
  private child: ChildProcess | null = null;
  protected dir: string | null = null;
  constructor(
    readonly port: number,
    private readonly what: string,
  ) {}

  protected folder(): string {
    this.dir ??= mkdtempSync(path.join(tmpdir(), 'redis-'));
    return this.dir;
  }

  protected async launch(args: string[]): Promise<void> {
    this.child = spawn('redis-server', args, { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (await accepts(this.port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`${this.what} did not start on ${this.port}`);
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

/** A redis-server of a test's own, so a test can stop and start Redis without disturbing the others. */
export class PrivateRedis extends RedisServerProcess {
  /** `extra`: more redis-server arguments (e.g. `['--replicaof', '127.0.0.1', '6400']`). */
  constructor(
    port: number,
    private readonly extra: string[] = [],
  ) {
    super(port, 'redis-server');
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  start(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.folder(), '--save', '', '--appendonly', 'no'];
    return this.launch([...args, ...this.extra]);
  }
}

/**
 * A Redis Sentinel of a test's own (redis-server in sentinel mode), watching the primary `name` at
 * `primaryPort`; it notices a primary down after `downAfterMs`.
 */
export class PrivateSentinel extends RedisServerProcess {
  constructor(
    port: number,
    private readonly name: string,
    private readonly primaryPort: number,
    private readonly downAfterMs = 1000,
  ) {
    super(port, 'redis sentinel');
  }

  start(): Promise<void> {
    const dir = this.folder();
    const file = path.join(dir, 'sentinel.conf');
    writeFileSync(
      file,
      [
        `port ${this.port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${this.name} 127.0.0.1 ${this.primaryPort} 1`,
        `sentinel down-after-milliseconds ${this.name} ${this.downAfterMs}`,
        `sentinel failover-timeout ${this.name} 10000`,
        '',
      ].join('\n'),
    );
    return this.launch([file, '--sentinel']);
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
