import { randomBytes, randomUUID } from 'node:crypto';
import mimeFuncs from 'nodemailer/lib/mime-funcs';
import qp from 'nodemailer/lib/qp';

/** Where long header lines and quoted-printable lines are folded. */
const LINE_WIDTH = 76;
/**
 * The longest line a part may have to be sent as it is (7bit): SMTP's limit (RFC 5321 and 5322,
 * 998 characters and the line break). nodemailer encodes anything over 76; our HTML is folded to 76
 * where it can be (foldHtml), but a link longer than that (the order's confirmation link) stays
 * whole, and quoted-printable for one long line cost more than the rest of the message.
 */
const SEVEN_BIT_LINE = 998;

/** A message ready for SMTP: the raw MIME bytes and the envelope. */
export interface ComposedMessage {
  raw: Buffer;
  envelope: { from: string; to: string[] };
  /** The Message-ID header, with angle brackets. */
  messageId: string;
}

export interface PlainMessage {
  /** '"Shop Name" <orders@example.com.au>' or 'orders@example.com.au'. */
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** A full Message-ID with angle brackets; one is made on the sender's domain when absent. */
  messageId?: string | undefined;
}

const PRINTABLE = /^[\x20-\x7e]*$/;
const ASCII_TEXT = /^[\t\n\r\x20-\x7e]*$/;
/** An address that needs neither quoting nor IDN encoding. */
const SIMPLE_ADDRESS = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9.-]+$/;
const FROM_WITH_NAME = /^\s*(?:"((?:[^"\\]|\\.)*)"|([^"<]*?))\s*<([^<>\s]+)>\s*$/;

/** Unique across processes and messages, and never found in our parts: '=_' cannot appear in quoted-printable. */
const BOUNDARY_PREFIX = `=_comicshop_${randomBytes(8).toString('hex')}_`;
let boundaryCount = 0;

/** The From header and envelope sender, or null when the name or address needs encoding. */
function parseFrom(from: string): { header: string; address: string } | null {
  const bare = from.trim();
  if (SIMPLE_ADDRESS.test(bare)) return { header: bare, address: bare };
  const match = FROM_WITH_NAME.exec(from);
  if (!match) return null;
  const name = (match[1]?.replace(/\\(.)/g, '$1') ?? match[2] ?? '').trim();
  const address = match[3]!;
  if (!SIMPLE_ADDRESS.test(address) || !PRINTABLE.test(name)) return null;
  return { header: name === '' ? address : `"${name.replace(/["\\]/g, '\\$&')}" <${address}>`, address };
}

/** Whether some line of `text` is longer than `width` (line breaks found with indexOf: fast). */
function hasLineLongerThan(text: string, width: number): boolean {
  for (let start = 0; ;) {
    const end = text.indexOf('\n', start);
    if ((end < 0 ? text.length : end) - start > width) return true;
    if (end < 0) return false;
    start = end + 1;
  }
}

/** A text part: as it is when its lines fit (7bit), else quoted-printable. */
function part(contentType: string, body: string): string {
  const encoded = hasLineLongerThan(body, SEVEN_BIT_LINE)
    ? { name: 'quoted-printable', body: qp.wrap(qp.encode(body), LINE_WIDTH) }
    : { name: '7bit', body };
  return `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: ${encoded.name}\r\n\r\n${encoded.body.replace(/\r?\n/g, '\r\n')}`;
}

/**
 * Composes the multipart/alternative message of our emails (a plain-text and an HTML part) directly,
 * when everything in it is printable ASCII and needs no encoding in the headers: nodemailer's
 * MailComposer builds a tree of MIME nodes and streams it through a chain of transforms for every
 * message, which was the largest part of the email worker's CPU. Answers null for anything else (a
 * name or subject in another script, an address with an international domain), which the caller
 * composes with nodemailer. The message read back is the same (tested against MailComposer).
 */
export function composePlainMessage({ from, to, subject, html, text, messageId }: PlainMessage, now = new Date()): ComposedMessage | null {
  const sender = parseFrom(from);
  if (!sender || !SIMPLE_ADDRESS.test(to) || !PRINTABLE.test(subject) || !ASCII_TEXT.test(html) || !ASCII_TEXT.test(text)) return null;
  const id = messageId ?? `<${randomUUID()}@${sender.address.split('@')[1]}>`;
  if (!PRINTABLE.test(id)) return null;
  const boundary = `${BOUNDARY_PREFIX}${++boundaryCount}`;
  if (html.includes(boundary) || text.includes(boundary)) return null;
  const raw =
    `Content-Type: multipart/alternative;\r\n boundary="${boundary}"\r\n` +
    `From: ${sender.header}\r\n` +
    `To: ${to}\r\n` +
    `${mimeFuncs.foldLines(`Subject: ${subject}`, LINE_WIDTH)}\r\n` +
    `Message-ID: ${id}\r\n` +
    `Date: ${now.toUTCString().replace(/GMT/, '+0000')}\r\n` +
    'MIME-Version: 1.0\r\n' +
    '\r\n' +
    `--${boundary}\r\n${part('text/plain', text)}\r\n` +
    `--${boundary}\r\n${part('text/html', html)}\r\n` +
    `--${boundary}--\r\n`;
  return { raw: Buffer.from(raw), envelope: { from: sender.address, to: [to] }, messageId: id };
}
