import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Built text assets are compressed once, at build time, at the highest levels (brotli 11,
// gzip 9): the server sends `app.js.br` or `app.js.gz` as the browser accepts, never
// compressing a static file per request. The kiosk's main script travels as about a third.

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this, the headers cost more than the saving. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes `.br` and `.gz` beside each compressible file of `dir` (the build's output). */
export function precompressDir(dir: string): { files: number; bytes: number; brotliBytes: number } {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const source = readFileSync(path);
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
    files++;
    bytes += source.length;
    brotliBytes += brotli.length;
  }
  return { files, bytes, brotliBytes };
}

/** The Vite plugin's shape (written here so that the server's tests need no Vite types). */
interface PrecompressPlugin {
  name: string;
  apply: 'build';
  enforce: 'post';
  configResolved: (config: { root: string; build: { outDir: string } }) => void;
  closeBundle: { order: 'post'; sequential: true; handler: () => void };
}

/** Vite: precompresses the output once everything (the service worker included) is written. */
export function precompress(): PrecompressPlugin {
  let outDir = 'dist';
  return {
    name: 'vestibule-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDir(outDir);
      },
    },
  };
}
