// What an app downloads before its first screen appears: the kiosk's budget and the
// admin sign-in page's. The first screen loads dist/index.html's module scripts and
// modulepreload links, then every chunk those import statically; dynamic imports (lazy pages,
// other languages' catalogues) are not part of it. Sizes are gzip at level 9, as a server would send.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  /** Path inside dist, e.g. assets/index-abc123.js. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface FirstScreenReport {
  /** The chunks the first screen loads, entry first. */
  firstScreen: ChunkSize[];
  firstScreenGzipBytes: number;
  /** The language catalogues (kiosk/src/i18n/locale-*.ts), each fetched on its own at start. */
  locales: ChunkSize[];
  /**
   * The first screen with the catalogues it fetches before it renders, at worst: English (the
   * fallback, always loaded) and the largest other language.
   */
  firstScreenWithLocalesGzipBytes: number;
  /** Every JavaScript file of the build (including sw.js and workbox files, if any). */
  all: ChunkSize[];
  totalGzipBytes: number;
}

function chunkSize(dist: string, file: string): ChunkSize {
  const content = readFileSync(join(dist, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

/** The page's base (e.g. /kiosk/) is stripped: URLs in index.html become paths inside dist. */
function toDistPath(url: string, base: string): string | null {
  if (/^[a-z]+:\/\//i.test(url)) return null;
  const path = url.split(/[?#]/)[0] ?? '';
  if (path.startsWith(base)) return path.slice(base.length);
  return path.replace(/^\.?\//, '');
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  if (!match) return null;
  return match[2] ?? match[3] ?? match[4] ?? null;
}

/** The module scripts and modulepreload links of index.html, as paths inside dist. */
export function entryChunks(html: string, base = '/kiosk/'): string[] {
  const files: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const isScript = /^<script/i.test(tag);
    const url = isScript
      ? attribute(tag, 'type') === 'module'
        ? attribute(tag, 'src')
        : null
      : attribute(tag, 'rel') === 'modulepreload'
        ? attribute(tag, 'href')
        : null;
    const path = url ? toDistPath(url, base) : null;
    if (path && !files.includes(path)) files.push(path);
  }
  return files;
}

/**
 * The relative specifiers a chunk imports statically: `import ... from "./x.js"`, `import "./x.js"`
 * and `export ... from "./x.js"`. Dynamic `import("./x.js")` is left out on purpose.
 */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g,
    /\bexport\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*["']([^"']+)["']/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[1];
      if (specifier && (specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/')))
        found.add(specifier);
    }
  }
  return [...found];
}

function listJs(dist: string, dir = dist): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listJs(dist, path));
    else if (/\.m?js$/.test(entry.name)) files.push(relative(dist, path).split('\\').join('/'));
  }
  return files.sort();
}

/** Measures a build (the kiosk's by default): the first screen's JavaScript (gzip) and every JavaScript file's. */
export function measureFirstScreen(dist: string, base = '/kiosk/'): FirstScreenReport {
  const indexPath = join(dist, 'index.html');
  if (!existsSync(indexPath))
    throw new Error(`${indexPath} not found: build the app first (pnpm --filter @vestibule/<app> run build)`);
  const queue = entryChunks(readFileSync(indexPath, 'utf8'), base);
  const seen = new Set<string>();
  const firstScreen: ChunkSize[] = [];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!existsSync(join(dist, file))) throw new Error(`index.html refers to ${file}, missing from ${dist}`);
    firstScreen.push(chunkSize(dist, file));
    for (const specifier of staticImports(readFileSync(join(dist, file), 'utf8'))) {
      const target = specifier.startsWith('/')
        ? toDistPath(specifier, base)
        : posix.normalize(posix.join(posix.dirname(file), specifier));
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  const all = listJs(dist).map((file) => chunkSize(dist, file));
  const sum = (chunks: ChunkSize[]) => chunks.reduce((total, chunk) => total + chunk.gzipBytes, 0);
  const locales = all.filter((chunk) => /(^|\/)locale-[a-z]{2}-[\w-]+\.js$/.test(chunk.file));
  const english = locales.find((chunk) => /(^|\/)locale-en-/.test(chunk.file));
  const largestOther = Math.max(0, ...locales.filter((chunk) => chunk !== english).map((chunk) => chunk.gzipBytes));
  const firstScreenGzipBytes = sum(firstScreen);
  return {
    firstScreen,
    firstScreenGzipBytes,
    locales,
    firstScreenWithLocalesGzipBytes: firstScreenGzipBytes + (english?.gzipBytes ?? 0) + largestOther,
    all,
    totalGzipBytes: sum(all),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// CLI: node scripts/src/lib/firstScreen.ts [dist] [base]
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'kiosk', 'dist');
  const report = measureFirstScreen(dist, process.argv[3]);
  console.log('First screen (gzip -9):');
  for (const chunk of report.firstScreen) console.log(`  ${chunk.file.padEnd(48)} ${kb(chunk.gzipBytes).padStart(9)}`);
  console.log(`  ${'total'.padEnd(48)} ${kb(report.firstScreenGzipBytes).padStart(9)}`);
  for (const chunk of report.locales) console.log(`  + ${chunk.file.padEnd(46)} ${kb(chunk.gzipBytes).padStart(9)}`);
  console.log(
    `  ${'with English and the largest other catalogue'.padEnd(48)} ${kb(report.firstScreenWithLocalesGzipBytes).padStart(9)}`,
  );
  console.log(`All JavaScript: ${report.all.length} files, ${kb(report.totalGzipBytes)} gzip`);
}
