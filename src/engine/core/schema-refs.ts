/**
 * Makes a step schema self-contained: every `$ref` into another file of src/schemas is replaced
 * by the node it points to, so the form, the server and the precompiled validators all work on
 * one plain schema. Refs are relative to the file that holds them.
 */
import type { JsonSchema } from './types';

export class SchemaRefProblem extends Error {
  constructor(
    readonly ref: string,
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

const dirOf = (file: string) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '');

/** Joins a relative file reference onto a directory, resolving `..` and `.` segments. */
export function joinPath(dir: string, relative: string): string {
  const parts: string[] = [];
  for (const segment of `${dir}${relative}`.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

function pointer(node: unknown, fragment: string): unknown {
  if (fragment === '' || fragment === '/') return node;
  return fragment
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      node,
    );
}

/**
 * @param node the schema (or part of one) to bundle
 * @param file the path of the file holding `node`, relative to a common root (src/)
 * @param files every schema file by its path relative to that root
 */
export function bundleSchema(
  node: unknown,
  file: string,
  files: Readonly<Record<string, unknown>>,
  path = '',
  depth = 0,
): unknown {
  if (depth > 32) throw new SchemaRefProblem('', path, 'schema references nest more than 32 deep (a cycle?)');
  if (Array.isArray(node))
    return node.map((item, i) => bundleSchema(item, file, files, `${path}/${i}`, depth));
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const ref = record.$ref;
  if (typeof ref === 'string' && !ref.startsWith('#')) {
    const [target = '', fragment = ''] = ref.split('#');
    const targetFile = joinPath(dirOf(file), target);
    if (!(targetFile in files)) {
      throw new SchemaRefProblem(
        ref,
        `${path}/$ref`,
        `"${ref}" names src/${targetFile}, which does not exist`,
      );
    }
    const resolved = pointer(files[targetFile], fragment);
    if (resolved === undefined) {
      throw new SchemaRefProblem(ref, `${path}/$ref`, `"${ref}": ${targetFile} has nothing at #${fragment}`);
    }
    const { $ref: _ref, ...siblings } = record;
    const inlined = bundleSchema(resolved, targetFile, files, path, depth + 1) as JsonSchema;
    const { $id: _id, $defs: _defs, ...rest } = inlined;
    return { ...rest, ...(bundleSchema(siblings, file, files, path, depth) as JsonSchema) };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record))
    out[key] = bundleSchema(value, file, files, `${path}/${key}`, depth);
  return out;
}
