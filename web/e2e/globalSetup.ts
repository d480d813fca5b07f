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

/** One whole shop (as `npm start` runs it) for every browser test, on its own database and ports. */
export default async function setup(project: TestProject) {
  stack = await startStack({ name: 'comicshop_e2e', port: 3700, demoItems: 600, log: process.env.E2E_LOG === '1' });
  project.provide('shopUrl', stack.url);
  project.provide('mailUrl', stack.mailUrl);
  project.provide('squareUrl', stack.squareUrl);
  project.provide('ebayUrl', stack.ebayUrl);
  return async () => {
    await stack?.stop();
  };
}
