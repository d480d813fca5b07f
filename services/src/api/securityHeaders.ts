import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config/config.ts';

/** Square's Web Payments SDK (sandbox and production): its script, card frames, tokenising calls and 3-D Secure frames. */
const square = {
  scripts: ['https://web.squarecdn.com', 'https://sandbox.web.squarecdn.com', 'https://js.squareup.com', 'https://js.squareupsandbox.com'],
  frames: [
    'https://*.squarecdn.com',
    'https://connect.squareup.com',
    'https://connect.squareupsandbox.com',
    'https://api.squareup.com',
    'https://api.squareupsandbox.com',
    'https://*.cardinalcommerce.com',
  ],
  connections: [
    'https://pci-connect.squareup.com',
    'https://pci-connect.squareupsandbox.com',
    'https://connect.squareup.com',
    'https://connect.squareupsandbox.com',
    'https://o160250.ingest.sentry.io',
  ],
  styles: ['https://*.squarecdn.com'],
  fonts: ['https://*.squarecdn.com'],
};

/** Google Maps' Places script (address search), only when the web app was built with a key. */
const maps = {
  scripts: ['https://maps.googleapis.com'],
  connections: ['https://maps.googleapis.com'],
  images: ['https://maps.gstatic.com', 'https://maps.googleapis.com'],
  styles: ['https://fonts.googleapis.com'],
  fonts: ['https://fonts.gstatic.com'],
};

/**
 * The page policy: exactly what the app loads. Styles allow 'unsafe-inline' because the dialogs'
 * scroll lock (react-remove-scroll) and Square's card form add <style> elements; scripts never do.
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'VITE_GOOGLE_MAPS_KEY'>,
  inlineScripts: readonly string[] = [],
): Record<string, string[]> {
  const withMaps = Boolean(config.VITE_GOOGLE_MAPS_KEY);
  const pick = (key: keyof typeof maps) => (withMaps ? maps[key] : []);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...square.scripts, ...pick('scripts'), ...inlineScripts],
    styleSrc: ["'self'", "'unsafe-inline'", ...square.styles, ...pick('styles')],
    imgSrc: ["'self'", 'data:', 'blob:', ...pick('images')],
    fontSrc: ["'self'", 'data:', ...square.fonts, ...pick('fonts')],
    connectSrc: ["'self'", ...square.connections, ...pick('connections')],
    frameSrc: ["'self'", ...square.frames],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * The hash sources of the page's own inline scripts (index.html asks for the homepage's rows while
 * the app loads): the policy allows exactly these, so a script injected into the page stays refused.
 */
export function inlineScriptHashes(html: string): string[] {
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  return scripts.map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

/**
 * Security headers on every page and answer; HSTS only when HSTS=true says TLS ends in front of the shop.
 * helmet decides the pages' headers; they depend only on the configuration, so they are worked out
 * once at start and every answer carries the same set (no per-request middleware run). The API's
 * JSON answers carry the short set an answer no browser renders needs (apiSecurityHeaders): the
 * page policy's kilobyte on each of the busiest calls cost more than the answer's own headers.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config, indexHtml: string | null): Promise<void> {
  const pages = securityHeaders(config, indexHtml);
  const answers = apiSecurityHeaders(pages);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? answers : pages);
    done();
  });
}

/** A call under /api answers JSON; its reader at /api/docs is a page. */
export function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * The headers of a JSON answer: nothing may load or frame it, it is never sniffed as a page, it is
 * read by the shop's own pages only, and HSTS when the pages have it.
 */
export function apiSecurityHeaders(pages: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': pages['referrer-policy'] ?? 'strict-origin-when-cross-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
  const hsts = pages['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return headers;
}

/** The headers helmet sets for this configuration, read off one run of its middleware. */
export function securityHeaders(config: Config, indexHtml: string | null): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config, indexHtml ? inlineScriptHashes(indexHtml) : []),
    },
    strictTransportSecurity: config.HSTS ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Square's card form lives in cross-origin frames and 3-D Secure may open a window.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Images are fetched by eBay's servers and shown in emails: leave them loadable from anywhere.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
