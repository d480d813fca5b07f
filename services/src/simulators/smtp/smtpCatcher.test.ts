import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from './smtpCatcher.ts';

let catcher: SmtpCatcher;
let folder: string;
const base = () => `http://127.0.0.1:${catcher.httpPort}`;

function send(mail: { to: string; subject: string; html?: string; text: string; bcc?: string }) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: catcher.smtpPort, secure: false });
  return transport.sendMail({ from: '"Shop" <orders@shop.example>', ...mail }).finally(() => transport.close());
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'smtp-catcher-'));
  catcher = await startSmtpCatcher({ smtpPort: 0, httpPort: 0, folder });
});
afterAll(async () => {
  await catcher?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('startSmtpCatcher', () => {
  it('reports the real ports when asked for random ones', () => {
    expect(catcher.smtpPort).toBeGreaterThan(0);
    expect(catcher.httpPort).toBeGreaterThan(0);
    expect(catcher.smtpPort).not.toBe(catcher.httpPort);
  });

  it('keeps each message, writes it as .eml and serves it over HTTP', async () => {
    catcher.clear();
    await send({ to: 'first@example.com', subject: 'First', text: 'one', html: '<p>one</p>' });
    await send({ to: 'second@example.com', subject: 'Second <b>&</b>', text: 'two', bcc: 'hidden@example.com' });

    const kept = catcher.messages();
    expect(kept.map((m) => m.subject)).toEqual(['First', 'Second <b>&</b>']);
    expect(kept[1]?.envelope.to.sort()).toEqual(['hidden@example.com', 'second@example.com']);

    const files = (await readdir(folder)).filter((f) => kept.some((m) => f.endsWith(`-${m.id}.eml`)));
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f-]{36}\.eml$/);
    const raw = await readFile(
      path.join(
        folder,
        files.find((f) => f.includes(kept[0]!.id))!,
      ),
      'utf8',
    );
    expect(raw).toContain('Subject: First');

    const api = (await (await fetch(`${base()}/api/messages`)).json()) as Array<Record<string, unknown>>;
    expect(api.map((m) => m.subject)).toEqual(['First', 'Second <b>&</b>']);
    expect(Object.keys(api[0]!).sort()).toEqual(['date', 'from', 'html', 'id', 'messageId', 'subject', 'text', 'to']);
    expect(api[0]).toMatchObject({ to: 'first@example.com', from: '"Shop" <orders@shop.example>', text: 'one', html: '<p>one</p>' });
    expect(api[1]).toMatchObject({ html: '' });

    const list = await fetch(`${base()}/`);
    expect(list.headers.get('content-type')).toContain('text/html');
    const page = await list.text();
    expect(page.indexOf('Second &lt;b&gt;&amp;&lt;/b&gt;')).toBeGreaterThan(-1);
    expect(page.indexOf('Second &lt;b&gt;')).toBeLessThan(page.indexOf('>First<')); // newest first
    expect(page).toContain(`href="/messages/${kept[0]!.id}"`);
    expect(page).toContain('first@example.com');

    const body = await fetch(`${base()}/messages/${kept[0]!.id}`);
    expect(body.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await body.text()).toBe('<p>one</p>');
    const textOnly = await (await fetch(`${base()}/messages/${kept[1]!.id}`)).text();
    expect(textOnly).toContain('<pre');
    expect(textOnly).toContain('two');
    expect((await fetch(`${base()}/messages/nope`)).status).toBe(404);
  });

  it('waits for a message still to come', async () => {
    const waiting = catcher.waitFor((m) => m.to === 'later@example.com', 5000);
    await send({ to: 'later@example.com', subject: 'Later', text: 'x' });
    expect((await waiting).subject).toBe('Later');
    await expect(catcher.waitFor((m) => m.to === 'never@example.com', 50)).rejects.toThrow(/no matching message/);
  });

  it('clears over HTTP', async () => {
    await send({ to: 'x@example.com', subject: 'X', text: 'x' });
    const res = await fetch(`${base()}/api/messages`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(catcher.messages()).toEqual([]);
    expect(await (await fetch(`${base()}/api/messages`)).json()).toEqual([]);
  });
});
