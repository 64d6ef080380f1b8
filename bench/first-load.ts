/**
 * Issue 15 §4, from the build: what `/login` loads before anything runs — index.html's entry
 * script, its module preloads and style sheets, and every chunk they import statically — in bytes
 * as built, as gzip and as brotli (the .gz/.br files the precompress plugin wrote, which the server
 * sends). Chunks a page imports at run time (the cookie banner at start-up) show in the Chromium
 * figure (chromium/first-load.bench.ts), which counts what the browser really transferred.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface LoadedFile {
  file: string;
  raw: number;
  gzip: number;
  brotli: number | null;
}

const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\.?\/[^"']+)["']/g;

function sizes(path: string, distDir: string): LoadedFile {
  const content = readFileSync(path);
  const gz = `${path}.gz`;
  const br = `${path}.br`;
  return {
    file: path.slice(distDir.length + 1),
    raw: content.length,
    gzip: existsSync(gz) ? statSync(gz).size : gzipSync(content, { level: 9 }).length,
    brotli: existsSync(br) ? statSync(br).size : null,
  };
}

/** The files a first visit to the page of `dist/index.html` fetches before any dynamic import. */
export function firstLoadFiles(distDir = resolve('dist')): LoadedFile[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) =>
    join(distDir, m[1] as string),
  );
  const seen = new Set<string>();
  while (queue.length) {
    const path = queue.shift() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    if (!path.endsWith('.js')) continue;
    for (const m of readFileSync(path, 'utf8').matchAll(STATIC_IMPORT))
      queue.push(resolve(dirname(path), m[1] as string));
  }
  return [...seen].map((p) => sizes(p, distDir)).sort((a, b) => b.gzip - a.gzip);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function reportFirstLoad(distDir = resolve('dist')): void {
  console.log('\n## First load of /login, from the build (issue 15 §4: JavaScript ≤ 150 KB gzip)');
  if (!existsSync(join(distDir, 'index.html'))) {
    console.log('(skipped: no dist/index.html — run npm run build first)');
    return;
  }
  const files = firstLoadFiles(distDir);
  for (const f of files)
    console.log(
      `${f.file.padEnd(48)} ${kb(f.raw).padStart(10)}  gzip ${kb(f.gzip).padStart(9)}  br ${f.brotli === null ? '—' : kb(f.brotli)}`,
    );
  const js = files.filter((f) => f.file.endsWith('.js'));
  const sum = (list: LoadedFile[], key: 'raw' | 'gzip' | 'brotli') =>
    list.reduce((a, f) => a + (f[key] ?? f.raw), 0);
  console.log(
    `JavaScript before any dynamic import: ${js.length} files, ${kb(sum(js, 'raw'))}, gzip ${kb(sum(js, 'gzip'))}, brotli ${kb(sum(js, 'brotli'))}`,
  );
  const css = files.filter((f) => f.file.endsWith('.css'));
  console.log(`CSS: ${css.length} files, gzip ${kb(sum(css, 'gzip'))}`);
}

if (import.meta.url === `file://${process.argv[1]}`) reportFirstLoad(resolve(process.argv[2] ?? 'dist'));
