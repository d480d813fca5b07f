import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** The storefront's initial JavaScript must stay at most this size, gzipped. */
const INITIAL_JS_LIMIT_KB = 150;

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

/** Prints the gzipped size of every output file and the initial JS of the entry, after the bundle is written. */
function gzipSizes(): Plugin {
  return {
    name: 'shop-gzip-sizes',
    apply: 'build',
    writeBundle(_options, bundle) {
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
      const sizes = new Map<string, { raw: number; gzip: number }>();
      for (const [fileName, output] of Object.entries(bundle)) {
        const source = output.type === 'chunk' ? output.code : output.source;
        const buffer = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        sizes.set(fileName, { raw: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length });
      }
      const rows = [...sizes.entries()].filter(([name]) => !name.endsWith('.map')).sort((a, b) => b[1].gzip - a[1].gzip);
      const width = Math.max(...rows.map(([name]) => name.length), 10);
      console.log('\nGzipped sizes:');
      for (const [name, size] of rows) {
        console.log(`  ${name.padEnd(width)}  ${kb(size.raw).padStart(11)}  gzip ${kb(size.gzip).padStart(10)}`);
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
      const initialGzip = [...initial].reduce((sum, name) => sum + (sizes.get(name)?.gzip ?? 0), 0);
      const ok = initialGzip <= INITIAL_JS_LIMIT_KB * 1024;
      console.log(
        `\nInitial JS (${[...initial].join(', ')}): gzip ${kb(initialGzip)} — limit ${INITIAL_JS_LIMIT_KB} KB ${ok ? 'OK' : 'EXCEEDED'}\n`,
      );
      if (!ok) this.error(`Initial JS is ${kb(initialGzip)} gzipped, over the ${INITIAL_JS_LIMIT_KB} KB budget`);
    },
  };
}

/** Files smaller than this go as they are (the API compresses nothing under 1 KB either). */
const PRECOMPRESS_FROM_BYTES = 1024;
/** Text files; images and fonts are compressed already. */
const PRECOMPRESSED_FILES = /\.(js|css|svg|json|txt|webmanifest)$/;

/**
 * Writes each built file's brotli (quality 11) and gzip (level 9) forms beside it (`x.js.br`,
 * `x.js.gz`): the API sends those as they are (@fastify/static `preCompressed`), so no visitor's
 * download of the app costs a compression, and the forms are smaller than the on-the-fly ones.
 * Source maps, index.html (read and sent by the API itself), images and fonts are left alone.
 */
function precompress(): Plugin {
  return {
    name: 'shop-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!PRECOMPRESSED_FILES.test(fileName)) continue;
        const source = output.type === 'chunk' ? output.code : output.source;
        const buffer = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (buffer.length < PRECOMPRESS_FROM_BYTES) continue;
        const file = path.join(dir, fileName);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(buffer, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(buffer, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), gzipSizes(), precompress()],
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
