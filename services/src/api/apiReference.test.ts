import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { buildApiReference } from './apiReferenceBuild.ts';

it('docs/api.md lists every call the app registers (run npm run docs:api after adding one)', async () => {
  expect(readFileSync('docs/api.md', 'utf8')).toBe(await buildApiReference());
});
