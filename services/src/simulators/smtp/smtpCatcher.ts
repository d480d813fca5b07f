import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify from 'fastify';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * The local stand-in for the mail server: an SMTP server on localhost that keeps what it receives,
 * and a small web page and JSON API to read it (like MailHog or Mailpit). Used in development and
 * by the tests; the real SMTP adapter talks to it unchanged.
 */

export interface CaughtMessage {
  id: string;
  /** The Message-ID header, with angle brackets ('' when none). */
  messageId: string;
  /** The To header as text: 'Jane <jane@example.com>'. */
  to: string;
  from: string;
  subject: string;
  text: string;
  /** The HTML part ('' when the message had none). */
  html: string;
  /** The Date header (or the time received), ISO 8601. */
  date: string;
  receivedAt: string;
  /** The SMTP envelope (includes Bcc recipients). */
  envelope: { from: string; to: string[] };
}

export interface SmtpCatcherOptions {
  /** 0 picks a free port. */
  smtpPort?: number;
  httpPort?: number;
  /** When set, each message is also written to `{folder}/{timestamp}-{id}.eml`. */
  folder?: string | undefined;
  host?: string;
  /** The largest message accepted, in bytes (default 10 MB). */
  maxBytes?: number;
}

export interface SmtpCatcher {
  smtpPort: number;
  httpPort: number;
  /** The messages received, oldest first. */
  messages(): CaughtMessage[];
  clear(): void;
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(match: (m: CaughtMessage) => boolean, timeoutMs?: number): Promise<CaughtMessage>;
  close(): Promise<void>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const addressText = (a: AddressObject | AddressObject[] | undefined): string =>
  a === undefined ? '' : Array.isArray(a) ? a.map((x) => x.text).join(', ') : a.text;

const timeFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});

function listPage(messages: readonly CaughtMessage[]): string {
  const rows = [...messages]
    .reverse()
    .map(
      (m) =>
        `<tr><td>${escapeHtml(timeFormat.format(new Date(m.receivedAt)))}</td><td>${escapeHtml(m.to)}</td>` +
        `<td><a href="/messages/${encodeURIComponent(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en-AU"><head><meta charset="utf-8"><title>Mail caught (${messages.length})</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ddd}</style>
</head><body>
<h1>Mail caught (${messages.length})</h1>
${messages.length === 0 ? '<p>No messages yet.</p>' : `<table><thead><tr><th>Received (Sydney)</th><th>To</th><th>Subject</th></tr></thead><tbody>\n${rows}\n</tbody></table>`}
</body></html>
`;
}

/** A caught message is shown as its own HTML, but never allowed to run scripts or load from elsewhere. */
const MESSAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; base-uri 'none'; form-action 'none'";

export async function startSmtpCatcher(options: SmtpCatcherOptions = {}): Promise<SmtpCatcher> {
  const host = options.host ?? '127.0.0.1';
  const folder = options.folder;
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
  let messages: CaughtMessage[] = [];
  const waiters = new Set<{ match: (m: CaughtMessage) => boolean; resolve: (m: CaughtMessage) => void }>();
  if (folder) await mkdir(folder, { recursive: true });

  async function receive(raw: Buffer, envelope: CaughtMessage['envelope']): Promise<void> {
    const parsed = await simpleParser(raw);
    const receivedAt = new Date();
    const id = randomUUID();
    const message: CaughtMessage = {
      id,
      messageId: parsed.messageId ?? '',
      to: addressText(parsed.to),
      from: addressText(parsed.from),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
      date: (parsed.date ?? receivedAt).toISOString(),
      receivedAt: receivedAt.toISOString(),
      envelope,
    };
    if (folder) {
      const stamp = receivedAt.toISOString().replace(/[:.]/g, '-');
      await writeFile(path.join(folder, `${stamp}-${id}.eml`), raw);
    }
    messages.push(message);
    for (const waiter of waiters) {
      if (waiter.match(message)) {
        waiters.delete(waiter);
        waiter.resolve(message);
      }
    }
  }

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A mailer configured with a user and password (as in production) is let in with any.
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    closeTimeout: 2_000,
    logger: false,
    banner: 'comic shop SMTP catcher',
    size: maxBytes,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (err: Error) => callback(err));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          const err = Object.assign(new Error('Message exceeds the size limit'), { responseCode: 552 });
          callback(err);
          return;
        }
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        receive(Buffer.concat(chunks), envelope).then(
          () => callback(),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
      });
    },
  });
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(options.smtpPort ?? 0, host, () => {
      smtp.server.off('error', reject);
      resolve();
    });
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http = Fastify({ logger: false });
  http.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(listPage(messages)));
  http.get<{ Params: { id: string } }>('/messages/:id', async (request, reply) => {
    const message = messages.find((m) => m.id === request.params.id);
    if (!message) return reply.status(404).type('text/plain; charset=utf-8').send('No such message');
    const body =
      message.html !== ''
        ? message.html
        : `<!DOCTYPE html><meta charset="utf-8"><pre style="white-space:pre-wrap">${escapeHtml(message.text)}</pre>`;
    return reply.header('content-security-policy', MESSAGE_CSP).type('text/html; charset=utf-8').send(body);
  });
  http.get('/api/messages', async () =>
    messages.map(({ id, messageId, to, from, subject, text, html, date }) => ({ id, messageId, to, from, subject, text, html, date })),
  );
  http.delete('/api/messages', async (_request, reply) => {
    messages = [];
    return reply.status(204).send();
  });
  try {
    await http.listen({ port: options.httpPort ?? 0, host });
  } catch (err) {
    await new Promise<void>((resolve) => smtp.close(resolve));
    throw err;
  }
  const httpPort = (http.server.address() as AddressInfo).port;

  return {
    smtpPort,
    httpPort,
    messages: () => [...messages],
    clear: () => {
      messages = [];
    },
    waitFor(match, timeoutMs = 10_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise<CaughtMessage>((resolve, reject) => {
        const waiter = {
          match,
          resolve: (m: CaughtMessage) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching message within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async close() {
      await Promise.all([http.close(), new Promise<void>((resolve) => smtp.close(resolve))]);
    },
  };
}
