// Compiles the services' process entry points to JavaScript for production: one ES module per
// entry in services/dist/main/ (the same depth as src/main/, so paths such as ../../../web/dist
// hold), with the workspace code (domain, projections, services) bundled in and every package
// from node_modules left as an import. esbuild strips types and does not check them: `npm run
// typecheck` does. Plain JavaScript, so building needs neither tsx nor a compiled build script.
import { build } from 'esbuild';
import { statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const services = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entries = ['api', 'worker', 'projector', 'simulators', 'setup', 'startAll', 'rebuild', 'renumber'];
const outdir = path.join(services, 'dist', 'main');

const require = createRequire(import.meta.url);

/**
 * How the compiled file imports a package: as written when Node's ES module resolution finds it;
 * a subpath of a package without an exports map ('nodemailer/lib/mail-composer', a folder, as
 * bundlers and tsx accept) is spelled out to its file ('nodemailer/lib/mail-composer/index.js').
 */
function nodeSpecifier(specifier) {
  if (resolvesToFile(specifier)) return specifier;
  const file = require.resolve(specifier);
  const name = specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
  const root = `${file.slice(0, file.lastIndexOf(`/node_modules/${name}/`))}/node_modules/${name}`;
  return `${name}/${path.relative(root, file)}`;
}

function resolvesToFile(specifier) {
  try {
    const url = import.meta.resolve(specifier);
    return !url.startsWith('file:') || statSync(fileURLToPath(url)).isFile();
  } catch {
    return false;
  }
}

/** Bare imports are packages from node_modules, except the workspaces (@shop/...), which are bundled. */
const packagesExternal = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@shop/') || args.path.startsWith('node:') ? undefined : { path: nodeSpecifier(args.path), external: true },
    );
  },
};

const started = Date.now();
await rm(path.join(services, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: entries.map((name) => path.join(services, 'src', 'main', `${name}.ts`)),
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  plugins: [packagesExternal],
});
console.log(`[build] services compiled to services/dist/main in ${Date.now() - started} ms`);
