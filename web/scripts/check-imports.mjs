#!/usr/bin/env node
// The web app's import rule (docs/web.md, "Imports"): a feature imports shared code, never another
// feature; shared code imports no feature; app/ and admin/AdminRoutes.tsx compose. Prints every
// import that breaks the rule and every cycle between parts; exits 1 when there is either.
// Usage (from the repo root): node web/scripts/check-imports.mjs
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const SHARED = ['components', 'hooks', 'lib', 'api', 'config', 'types', 'styles', 'vite-env'];
const ADMIN_SHARED = ['admin/components', 'admin/lib', 'admin/api', 'admin/types'];

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The part a file belongs to: a feature, a shared folder, or the composing app. */
export function partOf(file) {
  const parts = file.replace(/\.(d\.)?tsx?$/, '').split('/');
  if (parts[0] === 'features') return `features/${parts[1]}`;
  if (parts[0] === 'admin') {
    if (parts[1] === 'features') return `admin/features/${parts[2]}`;
    if (parts.length === 2) return parts[1] === 'types' ? 'admin/types' : 'admin/app';
    return `admin/${parts[1]}`;
  }
  if (parts.length === 1) return parts[0] === 'main' ? 'app' : parts[0]; // main.tsx starts the app
  return parts[0];
}

const isFeature = (part) => part.startsWith('features/') || part.startsWith('admin/features/');
const isShared = (part) => SHARED.includes(part);
const isAdminShared = (part) => ADMIN_SHARED.includes(part);

/** Why an import from one part to another breaks the rule, or null. */
export function breach(from, to) {
  if (from === to) return null;
  if (isShared(from)) return isShared(to) ? null : 'shared code imports only shared code';
  if (isAdminShared(from)) return isShared(to) || isAdminShared(to) ? null : 'admin shared code imports only shared code';
  if (isFeature(from)) {
    if (isShared(to)) return null;
    if (from.startsWith('admin/') && isAdminShared(to)) return null;
    return isFeature(to) ? 'a feature does not import another feature' : 'a feature does not import the app';
  }
  if (from === 'admin/app') return to === 'app' ? 'the admin area does not import the storefront app' : null;
  return null; // app/ composes everything
}

function resolveImport(fromFile, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const edges = new Map();
const breaches = [];
for (const file of files(SRC)) {
  const rel = relative(SRC, file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
    const target = resolveImport(file, match[1]);
    if (!target || !target.startsWith(SRC)) continue;
    const from = partOf(rel);
    const to = partOf(relative(SRC, target));
    if (from === to) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
    const why = breach(from, to);
    if (why) breaches.push(`${rel} -> ${relative(SRC, target)}: ${why}`);
  }
}

// Cycles: the strongly connected parts (Tarjan).
let index = 0;
const stack = [];
const state = new Map();
const cycles = [];
function visit(node) {
  state.set(node, { index, low: index, onStack: true });
  index += 1;
  stack.push(node);
  for (const next of edges.get(node) ?? []) {
    if (!state.has(next)) {
      visit(next);
      state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
    } else if (state.get(next).onStack) {
      state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
    }
  }
  if (state.get(node).low === state.get(node).index) {
    const group = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) cycles.push(group.sort());
  }
}
for (const node of edges.keys()) if (!state.has(node)) visit(node);

const twoWay = [...edges].flatMap(([a, tos]) => [...tos].filter((b) => a < b && edges.get(b)?.has(a)).map((b) => `${a} <-> ${b}`));
for (const line of breaches) console.log(`breach: ${line}`);
for (const pair of twoWay) console.log(`two-way: ${pair}`);
for (const group of cycles) console.log(`cycle: ${group.join(' <-> ')}`);
console.log(`${breaches.length} imports break the rule, ${cycles.length} cycles between parts`);
process.exit(breaches.length || cycles.length ? 1 : 0);
