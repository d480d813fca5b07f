import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** The storefront's initial JavaScript must stay at most this size, gzipped. */
const INITIAL_JS_LIMIT_KB = 150;

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

/** Files smaller than this go as they are (the API compresses nothing under 1 KB either). */
const PRECOMPRESS_FROM_BYTES = 1024;
/** Text files; images and fonts are compressed already. */
const PRECOMPRESSED_FILES = /\.(js|css|svg|json|txt|webmanifest)$/;

/** Each output file but the source maps: its bytes and its gzip (level 9), made once for both uses below. */
function builtForms(bundle: Rollup.OutputBundle): Map<string, { bytes: Buffer; gzip: Buffer }> {
  const forms = new Map<string, { bytes: Buffer; gzip: Buffer }>();
  for (const [fileName, output] of Object.entries(bundle)) {
    if (fileName.endsWith('.map')) continue;
    const source = output.type === 'chunk' ? output.code : output.source;
    const bytes = Buffer.from(source);
    forms.set(fileName, { bytes, gzip: gzipSync(bytes, { level: 9 }) });
  }
  return forms;
}

/**
 * Writes each built text file's brotli (quality 11) and gzip (level 9) forms beside it (`x.js.br`,
 * `x.js.gz`): the API sends those as they are (@fastify/static `preCompressed`), so no visitor's
 * download of the app costs a compression, and the forms are smaller than the on-the-fly ones.
 * index.html (read and sent by the API itself), images and fonts are left alone.
 */
function writePrecompressed(dir: string, forms: Map<string, { bytes: Buffer; gzip: Buffer }>): void {
  for (const [fileName, { bytes, gzip }] of forms) {
    if (!PRECOMPRESSED_FILES.test(fileName) || bytes.length < PRECOMPRESS_FROM_BYTES) continue;
    const file = path.join(dir, fileName);
    const brotli = brotliCompressSync(bytes, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzip);
  }
}

/** Prints the gzipped size of every output file and the initial JS of the entry; fails the build over the budget. */
function reportSizes(
  bundle: Rollup.OutputBundle,
  forms: Map<string, { bytes: Buffer; gzip: Buffer }>,
  fail: (message: string) => never,
): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
  const rows = [...forms.entries()].sort((a, b) => b[1].gzip.length - a[1].gzip.length);
  const width = Math.max(...rows.map(([name]) => name.length), 10);
  console.log('\nGzipped sizes:');
  for (const [name, { bytes, gzip }] of rows) {
    console.log(`  ${name.padEnd(width)}  ${kb(bytes.length).padStart(11)}  gzip ${kb(gzip.length).padStart(10)}`);
  }
  // The initial JS: the entry chunk and every chunk it imports statically.
  const initial = new Set<string>();
  const visit = (name: string) => {
    if (initial.has(name)) return;
    const output = bundle[name];
    if (!output || output.type !== 'chunk') return;
    initial.add(name);
    output.imports.forEach(visit);
  };
  for (const [name, output] of Object.entries(bundle)) {
    if (output.type === 'chunk' && output.isEntry) visit(name);
  }
  const initialGzip = [...initial].reduce((sum, name) => sum + (forms.get(name)?.gzip.length ?? 0), 0);
  const ok = initialGzip <= INITIAL_JS_LIMIT_KB * 1024;
  console.log(
    `\nInitial JS (${[...initial].join(', ')}): gzip ${kb(initialGzip)} — limit ${INITIAL_JS_LIMIT_KB} KB ${ok ? 'OK' : 'EXCEEDED'}\n`,
  );
  if (!ok) fail(`Initial JS is ${kb(initialGzip)} gzipped, over the ${INITIAL_JS_LIMIT_KB} KB budget`);
}

/** After the bundle is written: the precompressed forms beside each file, then the size report and budget. */
function builtFiles(): Plugin {
  return {
    name: 'shop-built-files',
    apply: 'build',
    writeBundle(options, bundle) {
      const forms = builtForms(bundle);
      writePrecompressed(options.dir ?? 'dist', forms);
      reportSizes(bundle, forms, (message) => this.error(message));
    },
  };
}

/**
 * `vite build --ssr src/prerender.tsx`: the homepage's prerender for the API (dist-prerender/prerender.js),
 * one file with React and everything else in it, so it runs as production React whatever NODE_ENV
 * the API has and needs nothing resolved at run time.
 */
const prerenderBuild = defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: 'dist-prerender',
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { output: { inlineDynamicImports: true } },
  },
});

const browserBuild = defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), builtFiles()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/images': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/images': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // Our own plugin prints the gzipped sizes (and checks the initial-JS budget).
    reportCompressedSize: false,
    rollupOptions: {
      output: {
        // Shared vendor chunks are named after their first module ("index"): call them "shared".
        chunkFileNames: (chunk) => (chunk.name === 'index' ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? prerenderBuild : browserBuild));
