import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from '../simulators/smtp/smtpCatcher.ts';
import { createSmtpMailer, domainOf, messageIdFor, type Mailer } from './mailer.ts';
import { sendEmailJob } from './sendEmailJob.ts';

interface ApiMessage {
  id: string;
  messageId: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  date: string;
}

const FROM = '"Brisbane Comics" <orders@brisbanecomics.example>';
let catcher: SmtpCatcher;
let mailer: Mailer;

async function apiMessages(): Promise<ApiMessage[]> {
  const res = await fetch(`http://127.0.0.1:${catcher.httpPort}/api/messages`);
  expect(res.status).toBe(200);
  return (await res.json()) as ApiMessage[];
}

beforeAll(async () => {
  catcher = await startSmtpCatcher({ smtpPort: 0, httpPort: 0 });
  mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${catcher.smtpPort}`, from: FROM });
});
afterAll(async () => {
  mailer?.close();
  await catcher?.close();
});
beforeEach(() => catcher.clear());

describe('messageIdFor', () => {
  it('makes a Message-ID on the sender domain from a stable key', () => {
    expect(domainOf(FROM)).toBe('brisbanecomics.example');
    expect(messageIdFor('order-confirmation.1042', FROM)).toBe('<order-confirmation.1042@brisbanecomics.example>');
    expect(messageIdFor('<abc@elsewhere.example>', FROM)).toBe('<abc@elsewhere.example>');
    const odd = messageIdFor('order:1042 posted', FROM);
    expect(odd).toMatch(/^<order-1042-posted\.[0-9a-f]{12}@brisbanecomics\.example>$/);
    expect(messageIdFor('order:1042 posted', FROM)).toBe(odd);
    expect(messageIdFor('order-1042-posted', FROM)).not.toBe(odd);
  });
});

describe('createSmtpMailer', () => {
  it('sends through SMTP with the From, a plain and an HTML part, and the stable Message-ID', async () => {
    const sent = await mailer.send({
      to: 'jane@example.com',
      subject: 'Hello from the shop',
      html: '<p>Hello <strong>Jane</strong></p>',
      text: 'Hello Jane',
      messageId: 'welcome.user-1',
    });
    expect(sent.messageId).toBe('<welcome.user-1@brisbanecomics.example>');
    expect(sent.accepted).toEqual(['jane@example.com']);

    const [message, ...rest] = await apiMessages();
    expect(rest).toHaveLength(0);
    expect(message).toMatchObject({
      messageId: '<welcome.user-1@brisbanecomics.example>',
      to: 'jane@example.com',
      from: '"Brisbane Comics" <orders@brisbanecomics.example>',
      subject: 'Hello from the shop',
      text: 'Hello Jane',
      html: '<p>Hello <strong>Jane</strong></p>',
    });
    expect(Number.isNaN(Date.parse(message!.date))).toBe(false);
  });

  it('sends the same Message-ID when a job is retried', async () => {
    const mail = { to: 'a@example.com', subject: 'S', html: '<p>x</p>', text: 'x', messageId: 'credit.evt-9' };
    await mailer.send(mail);
    await mailer.send(mail);
    const ids = (await apiMessages()).map((m) => m.messageId);
    expect(ids).toEqual(['<credit.evt-9@brisbanecomics.example>', '<credit.evt-9@brisbanecomics.example>']);
  });

  it('generates a Message-ID when none is given', async () => {
    const sent = await mailer.send({ to: 'a@example.com', subject: 'S', html: '<p>x</p>', text: 'x' });
    expect(sent.messageId).toMatch(/^<.+@.+>$/);
  });

  it('logs in when the URL has a user and password', async () => {
    const withAuth = createSmtpMailer({ url: `smtp://user:secret@127.0.0.1:${catcher.smtpPort}`, from: FROM });
    try {
      await withAuth.verify();
      await withAuth.send({ to: 'b@example.com', subject: 'Auth', html: '<p>a</p>', text: 'a' });
      expect((await apiMessages()).map((m) => m.subject)).toEqual(['Auth']);
    } finally {
      withAuth.close();
    }
  });

  it('keeps its connections open and sends every message over them', async () => {
    // A server of our own, to count the connections the mailer opens.
    let connections = 0;
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      logger: false,
      onConnect(_session, callback) {
        connections++;
        callback();
      },
      onData(stream, session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () => {
          received.push(session.envelope.rcptTo[0]!.address);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as net.AddressInfo).port;
    const pooled = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: FROM, maxConnections: 3 });
    try {
      const send = (i: number) => pooled.send({ to: `shopper${i}@example.com`, subject: `Order ${i}`, html: '<p>x</p>', text: 'x' });
      await Promise.all(Array.from({ length: 40 }, (_, i) => send(i)));
      for (let i = 40; i < 60; i++) await send(i);
      expect(received).toHaveLength(60);
      expect(new Set(received).size).toBe(60);
      expect(connections).toBeLessThanOrEqual(3);
    } finally {
      pooled.close();
      await new Promise<void>((resolve) => server.close(resolve));
    }
  });

  it('gives up on a server that never greets, after its timeout', async () => {
    // The timeouts reach the transport (createTransport({ url, ... }) used to drop them: 30 s here).
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const mute = createSmtpMailer({ url: `smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}`, from: FROM, timeoutMs: 300 });
    try {
      await expect(mute.send({ to: 'a@example.com', subject: 'S', html: 'x', text: 'x' })).rejects.toThrow(/greeting/i);
    } finally {
      mute.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  }, 10_000); // nodemailer's own greeting timeout, which applied before, is 30 s

  it('rejects when the server is not there', async () => {
    const nowhere = createSmtpMailer({ url: 'smtp://127.0.0.1:1', from: FROM, timeoutMs: 2000 });
    await expect(nowhere.send({ to: 'a@example.com', subject: 'S', html: 'x', text: 'x' })).rejects.toThrow();
    nowhere.close();
  });
});

describe('sendEmailJob', () => {
  it('renders an order confirmation job and delivers it', async () => {
    await sendEmailJob(mailer, {
      template: 'orderConfirmation',
      to: 'jane@example.com',
      messageId: 'order-confirmation.1042',
      data: {
        name: 'Jane <Citizen>',
        publicId: 1042,
        orderDate: '2026-11-23T14:30:00Z',
        items: [{ name: 'Batman #1', quantity: 2, unitPriceCents: 550 }],
        subtotalCents: 1100,
        postageCents: 0,
        creditUsedCents: 0,
        totalPaidCents: 1100,
        creditForwardCents: 0,
        delivery: { method: 'pickup', pickupAddress: '12 Example St, Kenmore QLD 4069', pickupHours: 'Sat 10-2' },
        shopName: 'Brisbane Comics',
        shopAbn: '12 345 678 901',
      },
    });
    const [message] = await apiMessages();
    expect(message?.messageId).toBe('<order-confirmation.1042@brisbanecomics.example>');
    expect(message?.subject).toContain('#1042');
    expect(message?.text).toContain('Total price includes GST of $1.00');
    expect(message?.text).toContain('24/11/2026, 1:30 am');
    expect(message?.html).toContain('Local pickup in Brisbane: collect from our shop in postcode 4075');
    expect(message?.html).toContain('Hi Jane &lt;Citizen&gt;,');
  });

  it('refuses a payload that does not match its template', async () => {
    await expect(sendEmailJob(mailer, { template: 'welcome', to: 'jane@example.com', data: { name: 'Jane' } })).rejects.toThrow();
    expect(await apiMessages()).toEqual([]);
  });
});
