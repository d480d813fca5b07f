import { URL } from 'node:url';
import { loadConfigOrExit } from '../config/config.ts';
import { exitWithSupervisor } from './exitWithSupervisor.ts';
import { buildEbaySimulator } from '../simulators/ebay/ebaySimulator.ts';
import { startSmtpCatcher } from '../simulators/smtp/smtpCatcher.ts';
import { buildSquareSimulator } from '../simulators/square/squareSimulator.ts';
import { onShutdown } from './runtime.ts';
import { createLogger } from '../logging/logger.ts';
import { signalReady } from './readySignal.ts';

/**
 * The local stand-ins for the outside world, each speaking the real protocol: Square's Payments
 * API, an SMTP server with a mail viewer, and eBay's Sell APIs. Only those whose real service is
 * not configured are started.
 */
exitWithSupervisor();
const config = loadConfigOrExit();
const log = createLogger(config, 'simulators');
const stops: (() => Promise<unknown>)[] = [];
const port = (url: string) => Number(new URL(url).port);

if (!config.SIMULATORS) {
  log.info('simulators are off (SIMULATORS=false)');
} else {
  if (!config.SQUARE_ACCESS_TOKEN) {
    const square = buildSquareSimulator();
    await square.listen({ port: port(config.SQUARE_SIMULATOR_URL), host: '127.0.0.1' });
    stops.push(() => square.close());
    log.info(`Square payments simulator on ${config.SQUARE_SIMULATOR_URL} (test cards: cnon:card-nonce-ok, cnon:card-nonce-declined)`);
  }
  const smtp = new URL(config.SMTP_URL);
  if (['127.0.0.1', 'localhost'].includes(smtp.hostname)) {
    const catcher = await startSmtpCatcher({ smtpPort: Number(smtp.port || 25), httpPort: config.MAIL_VIEWER_PORT, folder: '.data/mail' });
    stops.push(() => catcher.close());
    log.info(`SMTP catcher on ${config.SMTP_URL}; read the mail at http://127.0.0.1:${catcher.httpPort}/ (also .data/mail/*.eml)`);
  }
  if (new URL(config.EBAY_API_BASE).hostname === '127.0.0.1') {
    const ebay = buildEbaySimulator({
      clientId: config.EBAY_CLIENT_ID,
      clientSecret: config.EBAY_CLIENT_SECRET,
      refreshToken: config.EBAY_REFRESH_TOKEN,
    });
    await ebay.listen({ port: port(config.EBAY_API_BASE), host: '127.0.0.1' });
    stops.push(() => ebay.close());
    log.info(`eBay simulator on ${config.EBAY_API_BASE}`);
  }
}
await signalReady('simulators');
onShutdown(log, async () => {
  await Promise.all(stops.map((s) => s()));
});
// Keep the process alive even with nothing to serve, so the supervisor does not restart it.
setInterval(() => undefined, 1 << 30);
