/**
 * Reads the flow, schema and rule files from disk for Node: the server, `npm run flows:check`, the
 * Vite plugin that precompiles the browser's validators, and tests. Also the ajv check of each file
 * against the engine's own file schemas.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createFlowAjv } from '../core/ajv';
import flowFileSchema from '../core/flow-file.schema.json' with { type: 'json' };
import type { FlowProblem, FlowSources, LoadOptions } from '../core/load';
import rulesFileSchema from '../core/rules-file.schema.json' with { type: 'json' };

/** src/: two folders up from this file, or beside dist-server/ when it runs bundled there (npm start). */
export const SRC_DIR = existsSync(resolve(import.meta.dirname, '../../flows'))
  ? resolve(import.meta.dirname, '../..')
  : resolve(import.meta.dirname, '../src');

export interface SourceDirs {
  /**
   * Folders of *.flow.json files; several let a test add a fixture flow beside the real ones. A
   * flow in any of them is read as if it lay in src/flows, so its $refs are written the same way.
   */
  flowDirs: readonly string[];
  schemaDir: string;
  rulesDir: string;
}

/**
 * The folder holding flows/, schemas/ and rules/: src/, or `FLOW_FILES_DIR` when set. The one switch
 * the server, flows:check and the Vite plugin all read, so a test can point a running `npm run dev`
 * and `npm run dev:server` at a scratch copy and edit it (e2e/dev) without touching src/.
 */
export const flowFilesDir = (): string =>
  process.env.FLOW_FILES_DIR ? resolve(process.env.FLOW_FILES_DIR) : SRC_DIR;

export const defaultSourceDirs = (extraFlowDirs: readonly string[] = []): SourceDirs => {
  const root = flowFilesDir();
  return {
    flowDirs: [join(root, 'flows'), ...extraFlowDirs],
    schemaDir: join(root, 'schemas'),
    rulesDir: join(root, 'rules'),
  };
};

function jsonFiles(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(suffix) && statSync(join(dir, f)).isFile())
    .sort();
}

const parse = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

export function readFlowSources(dirs: SourceDirs = defaultSourceDirs()): FlowSources {
  const flows: Record<string, unknown> = {};
  for (const dir of dirs.flowDirs) {
    for (const f of jsonFiles(dir, '.flow.json')) flows[f] = parse(join(dir, f));
  }
  const schemas = Object.fromEntries(
    jsonFiles(dirs.schemaDir, '.json').map((f) => [f, parse(join(dirs.schemaDir, f))]),
  );
  const rules = Object.fromEntries(
    jsonFiles(dirs.rulesDir, '.rules.json').map((f) => [f, parse(join(dirs.rulesDir, f))]),
  );
  return { flows, schemas, rules, limits: parse(join(dirs.rulesDir, 'limits.json')) };
}

const fileAjv = createFlowAjv({ strict: false });
const validators = { flow: fileAjv.compile(flowFileSchema), rules: fileAjv.compile(rulesFileSchema) };

/** Checks a flow or rules file against the engine's schema for such files. */
export const validateFlowFile: NonNullable<LoadOptions['validateFile']> = (
  kind,
  file,
  json,
): FlowProblem[] => {
  const validate = validators[kind];
  if (validate(json)) return [];
  return (validate.errors ?? []).map((e) => ({
    file,
    path: `$${e.instancePath.replaceAll('/', '.')}`,
    message: `${e.message}${e.params && 'additionalProperty' in e.params ? ` (${e.params.additionalProperty})` : ''}${e.params && 'allowedValues' in e.params ? `: ${(e.params.allowedValues as unknown[]).join(', ')}` : ''}`,
    fix: `see ${kind === 'flow' ? 'src/engine/core/flow-file.schema.json' : 'src/engine/core/rules-file.schema.json'}`,
  }));
};
