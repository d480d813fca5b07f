// Lint: typescript-eslint's recommended rules, React's hook rules, and the layers of
// docs/architecture.md (tools/eslint/layers.js) so a wrong-way import fails CI.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { layersRule } from './tools/eslint/layers.js';

const io = [
  'pg',
  'kysely',
  'fastify',
  'ioredis',
  'bullmq',
  'nodemailer',
  'square',
  'node:fs',
  'node:fs/promises',
  'node:net',
  'node:http',
  'node:child_process',
  'fs',
  'net',
  'http',
  'child_process',
];

const layers = [
  {
    files: ['domain/src'],
    forbid: ['projections/src', 'services/src', 'web/src', ...io],
    message: 'domain/ is pure: no I/O and nothing from the outer layers',
  },
  {
    files: ['projections/src'],
    except: ['projections/src/testing'],
    forbid: ['services/src/api', 'web/src'],
    message: 'projections/ may not import the HTTP layer or the web app',
  },
  {
    files: ['services/src'],
    except: ['services/src/api', 'services/src/main', 'services/src/testing'],
    forbid: ['services/src/api'],
    message: 'only services/src/api (and main/, which builds it) import the HTTP layer; use cases take Deps and return outcomes',
  },
  {
    files: ['web/src'],
    except: ['*.test.ts'],
    forbid: ['services/src', 'projections/src', ...io],
    message: 'the web app talks to the API only; it may import the domain contract',
  },
  // docs/web.md "Imports": features import themselves and shared parts; app/ and the admin routes compose.
  {
    files: ['web/src/api', 'web/src/components', 'web/src/hooks', 'web/src/lib', 'web/src/types', 'web/src/config.ts'],
    forbid: ['web/src/features', 'web/src/admin', 'web/src/app'],
    message: 'shared parts of the web app import shared parts only',
  },
  {
    files: ['web/src/admin/api', 'web/src/admin/components', 'web/src/admin/lib', 'web/src/admin/types.ts'],
    forbid: ['web/src/features', 'web/src/admin/features', 'web/src/admin/screens', 'web/src/admin/AdminRoutes.tsx', 'web/src/app'],
    message: 'admin shared parts import shared parts and admin shared parts only',
  },
  {
    files: ['web/src/features'],
    forbid: ['web/src/app', 'web/src/admin'],
    message: 'a storefront feature imports itself and shared parts',
  },
  {
    files: ['web/src/admin/features'],
    forbid: ['web/src/app', 'web/src/features', 'web/src/admin/screens', 'web/src/admin/AdminRoutes.tsx'],
    message: 'an admin feature imports itself, shared parts and admin shared parts',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'web/dist-prerender/**', '.data/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { shop: { rules: { layers: layersRule } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'shop/layers': ['error', { layers, features: ['web/src/features', 'web/src/admin/features'] }],
    },
  },
  {
    // Test kits and benchmarks read loosely typed JSON answers.
    files: ['bench/**', '**/testKit.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
