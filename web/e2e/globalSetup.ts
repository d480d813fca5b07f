import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack, type Stack } from '../../services/src/testing/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    shopUrl: string;
    mailUrl: string;
    squareUrl: string;
    ebayUrl: string;
    shopLog: string;
  }
}

let stack: Stack | null = null;

/**
 * One whole shop (as `npm start` runs it) for every browser test, on its own database and ports
 * (E2E_DATABASE and E2E_PORT, the first of five ports, move them: two checkouts on one machine).
 * Its warnings and errors go to test-artifacts/e2e/shop.log (E2E_LOG=1 prints all it says instead).
 */
export default async function setup(project: TestProject) {
  const printed = process.env.E2E_LOG === '1';
  const shopLog = printed ? '' : path.resolve('test-artifacts', 'e2e', 'shop.log');
  stack = await startStack({
    logFile: shopLog || undefined,
    name: process.env.E2E_DATABASE ?? 'comicshop_e2e',
    port: Number(process.env.E2E_PORT ?? 3700),
    demoItems: 600,
    log: printed,
  });
  project.provide('shopUrl', stack.url);
  project.provide('mailUrl', stack.mailUrl);
  project.provide('squareUrl', stack.squareUrl);
  project.provide('ebayUrl', stack.ebayUrl);
  project.provide('shopLog', shopLog);
  return async () => {
    await stack?.stop();
  };
}
