import type { TestProject } from 'vitest/node';
import { startStack, type Stack } from '../../services/src/testing/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    shopUrl: string;
    mailUrl: string;
    squareUrl: string;
    ebayUrl: string;
  }
}

let stack: Stack | null = null;

/**
 * One whole shop (as `npm start` runs it) for every browser test, on its own database and ports
 * (E2E_DATABASE and E2E_PORT, the first of five ports, move them: two checkouts on one machine).
 */
export default async function setup(project: TestProject) {
  stack = await startStack({
    name: process.env.E2E_DATABASE ?? 'comicshop_e2e',
    port: Number(process.env.E2E_PORT ?? 3700),
    demoItems: 600,
    log: process.env.E2E_LOG === '1',
  });
  project.provide('shopUrl', stack.url);
  project.provide('mailUrl', stack.mailUrl);
  project.provide('squareUrl', stack.squareUrl);
  project.provide('ebayUrl', stack.ebayUrl);
  return async () => {
    await stack?.stop();
  };
}
