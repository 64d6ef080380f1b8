/**
 * Issue 26 part 4: the flow engine imports nothing of the product. Every file under src/engine is
 * read and each import it makes (static, dynamic, `export … from`, `import('…')` types) is resolved;
 * none may land in src/server, src/domain, src/app, src/flows, src/rules or src/schemas. The product
 * hands its parts in instead (scripts/flow-parts.ts, vite.config.ts). `core/` also runs in the
 * browser and on the server, so it imports neither Node nor React (src/engine/README.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const engine = join(root, 'src', 'engine');
const PRODUCT = ['server', 'domain', 'app', 'flows', 'rules', 'schemas'].map((f) => join(root, 'src', f));

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourcesUnder(path);
    return /\.(ts|tsx|mts|js)$/.test(e.name) ? [path] : [];
  });
}

/** Every module specifier a file names: `from '…'`, `import '…'`, `import('…')`, `require('…')`. */
function specifiersIn(text: string): string[] {
  const found = text.matchAll(
    /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g,
  );
  return [...found].map((m) => m[2] as string);
}

/** The product folder a specifier of `file` reaches, if any. */
function productFolderOf(file: string, specifier: string): string | undefined {
  const target = specifier.startsWith('.')
    ? resolve(dirname(file), specifier)
    : specifier.startsWith('/')
      ? specifier
      : join(root, specifier); // a bare `src/…` would need a path alias; treat it as from the root
  return PRODUCT.find((folder) => target === folder || target.startsWith(folder + sep));
}

const files = sourcesUnder(engine);

describe('the engine imports nothing of the product', () => {
  it('reads the engine (the check is not empty)', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(files.flatMap((f) => specifiersIn(readFileSync(f, 'utf8'))).length).toBeGreaterThan(100);
  });

  it('finds a product import when there is one (the check can fail)', () => {
    const file = join(engine, 'node', 'example.ts');
    const text = `import { a } from '../../server/domain/booking-types';\nexport { b } from "../core/load";\nconst c = await import('../../rules/rule-engine');\ntype D = import('../../schemas/booking-order').X;`;
    const hits = specifiersIn(text).flatMap((s) => {
      const folder = productFolderOf(file, s);
      return folder ? [relative(root, folder)] : [];
    });
    expect(hits).toEqual(['src/server', 'src/rules', 'src/schemas']);
  });

  it('no file under src/engine imports src/server, src/domain, src/app, src/flows, src/rules or src/schemas', () => {
    const offending = files.flatMap((file) =>
      specifiersIn(readFileSync(file, 'utf8'))
        .filter((s) => productFolderOf(file, s))
        .map((s) => `${relative(root, file)} imports ${s}`),
    );
    expect(offending).toEqual([]);
  });

  it('src/engine/core imports neither Node nor React: it runs in the browser and on the server', () => {
    const offending = files
      .filter((file) => file.startsWith(join(engine, 'core') + sep))
      .flatMap((file) =>
        specifiersIn(readFileSync(file, 'utf8'))
          .filter((s) => /^(node:|react($|[-/])|@rjsf\/|@chakra-ui\/|@emotion\/)/.test(s))
          .map((s) => `${relative(root, file)} imports ${s}`),
      );
    expect(offending).toEqual([]);
  });
});
