import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

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

/** The real adapter: SMTP through nodemailer. */
export function createSmtpMailer({ url, from, timeoutMs = 15_000 }: SmtpMailerOptions): Mailer {
  const options: SMTPTransport.Options = {
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
  };
  const transport = nodemailer.createTransport(options);
  return {
    async send({ to, subject, html, text, messageId }) {
      const info = await transport.sendMail({
        from,
        to,
        subject,
        html,
        text,
        ...(messageId !== undefined ? { messageId: messageIdFor(messageId, from) } : {}),
      });
      return { messageId: info.messageId, accepted: asStrings(info.accepted), rejected: asStrings(info.rejected) };
    },
    async verify() {
      await transport.verify();
    },
    close() {
      transport.close();
    },
  };
}
