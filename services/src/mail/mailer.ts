import { createHash } from 'node:crypto';
import net from 'node:net';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import SMTPPool from 'nodemailer/lib/smtp-pool';
import { composePlainMessage, type ComposedMessage, type PlainMessage } from './compose.ts';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * A stable Message-ID for idempotency: a retried job sends the same id. Either a full id
   * ('<x@y>' or 'x@y') or a key such as an event id, which `messageIdFor` turns into one on the
   * sender's domain.
   */
  messageId?: string | undefined;
}

export interface SentMail {
  /** The Message-ID header sent, with angle brackets. */
  messageId: string;
  accepted: string[];
  rejected: string[];
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  /** Checks the connection and login (for a health check at start-up). */
  verify(): Promise<void>;
  close(): void;
}

export interface SmtpMailerOptions {
  /** 'smtp://host:port' (the local catcher, or STARTTLS when offered) or 'smtps://user:pass@host:465'. */
  url: string;
  /** '"Shop Name" <orders@example.com.au>' */
  from: string;
  /** How long to wait for the server at each step; a job retries rather than hang. Default 15 s. */
  timeoutMs?: number;
  /**
   * The most SMTP connections kept open at once (default 5). The transport is a pool: messages go
   * over connections already open and logged in, instead of a connection, greeting, EHLO and QUIT
   * each; a send waits for a free connection when all are busy.
   */
  maxConnections?: number;
  /** Messages sent over one connection before it is replaced (default 100; some servers limit it). */
  maxMessages?: number;
}

/** The domain of the address in a From value: '"Shop" <orders@shop.com.au>' -> 'shop.com.au'. */
export function domainOf(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return match?.[1]?.toLowerCase() ?? 'localhost';
}

const ATEXT = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/;

/**
 * A Message-ID from a stable key: 'order-confirmation.0b6e...' -> '<order-confirmation.0b6e...@shop.com.au>'.
 * Characters a Message-ID cannot hold are replaced, with a short hash of the key so two keys never
 * meet. A value that already has an '@' is kept as it is (brackets added).
 */
export function messageIdFor(key: string, from: string): string {
  const trimmed = key.trim().replace(/^<|>$/g, '');
  if (trimmed === '') throw new RangeError('messageId key is empty');
  if (/^[^@\s<>]+@[^@\s<>]+$/.test(trimmed)) return `<${trimmed}>`;
  let local = trimmed;
  if (!ATEXT.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
    const hash = createHash('sha256').update(trimmed).digest('hex').slice(0, 12);
    local = `${trimmed.replace(/[^A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+/g, '-').replace(/^-+|-+$/g, '')}.${hash}`.replace(/^\./, '');
  }
  return `<${local}@${domainOf(from)}>`;
}

const asStrings = (list: ReadonlyArray<string | { address: string }> | undefined): string[] =>
  (list ?? []).map((a) => (typeof a === 'string' ? a : a.address));

/**
 * Writes made in one turn of the event loop leave as one: nodemailer writes a message's body and the
 * '.' that ends it separately, two system calls where one does.
 */
function coalesceWrites(socket: net.Socket): void {
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((...args: unknown[]) => {
    if (socket.writableCorked === 0) {
      socket.cork();
      setImmediate(() => socket.uncork());
    }
    return write(...args);
  }) as typeof socket.write;
}

/**
 * Opens each pooled connection with TCP_NODELAY. SMTP is a conversation of short writes, and with
 * Nagle's algorithm on, the body written after the headers waited for the server's delayed
 * acknowledgement: about 40 ms on every message. nodemailer upgrades the socket to TLS itself (smtps,
 * STARTTLS), as it does for a proxied socket.
 */
function connectWithoutDelay(timeoutMs: number): SMTPPool.Options['getSocket'] {
  return (options, callback) => {
    const socket = net.connect({
      host: options.host ?? 'localhost',
      port: Number(options.port ?? (options.secure ? 465 : 587)),
      noDelay: true,
    });
    const fail = (error: Error) => {
      socket.off('error', fail).off('timeout', timedOut).off('connect', connected);
      socket.destroy();
      callback(error, null);
    };
    const timedOut = () => fail(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' }));
    const connected = () => {
      socket.off('error', fail).off('timeout', timedOut).setTimeout(0);
      coalesceWrites(socket);
      callback(null, { connection: socket });
    };
    socket.setTimeout(timeoutMs).once('timeout', timedOut).once('error', fail).once('connect', connected);
  };
}

/** Any message, composed by nodemailer (what composePlainMessage leaves: names in other scripts, international domains). */
export async function composeWithNodemailer({ from, to, subject, html, text, messageId }: PlainMessage): Promise<ComposedMessage> {
  const message = new MailComposer({
    from,
    to,
    subject,
    html,
    text,
    // quoted-printable for a part that cannot go as it is, said here rather than chosen by
    // nodemailer counting every letter of the part with a regular expression.
    textEncoding: 'quoted-printable',
    ...(messageId !== undefined ? { messageId } : {}),
  }).compile();
  return { raw: await message.build(), envelope: message.getEnvelope() as ComposedMessage['envelope'], messageId: message.messageId() };
}

/**
 * The real adapter: SMTP through nodemailer, over a pool of connections kept open and logged in.
 * Create one per process and share it; `close` ends its connections.
 */
export function createSmtpMailer({ url, from, timeoutMs = 15_000, maxConnections = 5, maxMessages = 100 }: SmtpMailerOptions): Mailer {
  // The pool is built here rather than by createTransport({ url, ... }), which keeps only what the
  // URL says and drops every other option (the pool itself and the timeouts with it).
  const pool = new SMTPPool({
    pool: true,
    url,
    maxConnections,
    maxMessages,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
    getSocket: connectWithoutDelay(timeoutMs),
  });
  const transport = nodemailer.createTransport(pool);
  return {
    async send({ to, subject, html, text, messageId }) {
      const id = messageId !== undefined ? messageIdFor(messageId, from) : undefined;
      const message =
        composePlainMessage({ from, to, subject, html, text, messageId: id }) ??
        (await composeWithNodemailer({ from, to, subject, html, text, messageId: id }));
      // Sent raw, composed whole: piped part by part, a message went out as a write per header
      // block, boundary and part (9 of them), each a system call. The id is given again so that
      // nodemailer does not draw a random one for the raw message.
      const info = await transport.sendMail({ envelope: message.envelope, raw: message.raw, messageId: message.messageId });
      return { messageId: message.messageId, accepted: asStrings(info.accepted), rejected: asStrings(info.rejected) };
    },
    async verify() {
      await transport.verify();
    },
    close() {
      transport.close();
    },
  };
}
