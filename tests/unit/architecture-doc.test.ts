/**
 * The map must not send a newcomer to a file that is gone: every backticked repository path in
 * docs/ARCHITECTURE.md and the src/ folder READMEs (`src/…`, `docs/…`, `tests/…`, `e2e/…`) exists.
 * Paths with a placeholder (`src/flows/<flow>.flow.json`) are patterns, not files, and are skipped.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function readmesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return readmesUnder(path);
    return e.name === 'README.md' ? [path] : [];
  });
}

const docs = [join(root, 'docs', 'ARCHITECTURE.md'), ...readmesUnder(join(root, 'src'))];

/** Backticked tokens that start at a top-level folder, without placeholders or trailing ellipses. */
function pathsIn(text: string): string[] {
  const out = new Set<string>();
  for (const [, token] of text.matchAll(/`([^`\s]+)`/g)) {
    if (!/^(src|docs|tests|e2e)\//.test(token) || /[<>*…]/.test(token)) continue;
    out.add(token.replace(/[.,:;]+$/, ''));
  }
  return [...out];
}

describe('the architecture map and the folder READMEs name files that exist', () => {
  it('reads the map and at least the eight folder READMEs', () => {
    expect(existsSync(docs[0])).toBe(true);
    expect(docs.length).toBeGreaterThanOrEqual(9);
  });

  it.each(docs.map((d) => [relative(root, d), d]))('%s', (_, doc) => {
    const paths = pathsIn(readFileSync(doc, 'utf8'));
    const missing = paths.filter((p) => !existsSync(join(root, p)));
    expect(missing, `paths named in ${relative(root, doc)} that do not exist`).toEqual([]);
  });

  it('finds the paths of the map (the check is not empty)', () => {
    expect(pathsIn(readFileSync(docs[0], 'utf8')).length).toBeGreaterThan(60);
  });
});
