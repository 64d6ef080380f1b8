/**
 * Vite plugin: the flow catalog for the browser, with no eval at run time.
 *
 * - `virtual:flows/menu`: id, title, route, menu entry and permissions of every flow. Small; the
 *   router and menus read it, so it sits in the main chunk.
 * - `virtual:flows`: the parsed flow, schema and rule files and limits (the browser runs
 *   loadFlowCatalog on them) and one precompiled ajv validator per request step schema and per
 *   sub-schema RJSF may ask about, keyed by `$id`. Only lazily loaded flow pages import it.
 *
 * Files are checked at build time exactly as `npm run flows:check` does; a catalog with problems
 * fails the build with the formatted problems.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { schemaParser } from '@rjsf/utils';
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import type { Plugin } from 'vite';
import { createFlowAjv } from '../core/ajv';
import { type FlowSources, formatProblem, loadFlowCatalog } from '../core/load';
import type { RuleEngine } from '../core/rules';
import { defaultSourceDirs, readFlowSources, validateFlowFile } from '../node/sources';

export interface FlowsPluginOptions {
  /** The product's rule engine (src/rules/rule-engine.ts). */
  ruleEngine: RuleEngine;
  /** More folders of *.flow.json files (tests add a fixture flow this way). */
  extraFlowDirs?: readonly string[];
  /** Names of the client's widget registry; when given, every ui:widget / ui:field must be one. */
  widgetNames?: readonly string[];
  /** Names of the client's confirm views; when given, every confirmView must be one. */
  confirmViewNames?: readonly string[];
}

/**
 * Every module the precompiled validators may import (ajv's standalone runtime helpers for JSON
 * Schema, and the formats). Pre-bundled from the start of `npm run dev`: a helper found only when a
 * flow page first loads, or when a changed schema first needs it, would make Vite reload the page.
 */
const VALIDATOR_RUNTIME = [
  'ajv/dist/runtime/equal',
  'ajv/dist/runtime/ucs2length',
  'ajv/dist/runtime/uri',
  'ajv/dist/runtime/validation_error',
  'ajv-formats/dist/formats',
];

const MENU_ID = 'virtual:flows/menu';
const CATALOG_ID = 'virtual:flows';
const resolved = (id: string) => `\0${id}`;

export function flowsPlugin(options: FlowsPluginOptions): Plugin {
  const { ruleEngine } = options;
  const dirs = defaultSourceDirs((options.extraFlowDirs ?? []).map((d) => resolve(d)));
  const read = (): FlowSources => {
    const sources = readFlowSources(dirs);
    const { problems } = loadFlowCatalog(sources, {
      ruleEngine,
      validateFile: validateFlowFile,
      ...(options.widgetNames ? { widgetNames: new Set(options.widgetNames) } : {}),
      ...(options.confirmViewNames ? { confirmViewNames: new Set(options.confirmViewNames) } : {}),
    });
    if (problems.length > 0)
      throw new Error(`Flow files have problems:\n${problems.map(formatProblem).join('\n')}`);
    return sources;
  };
  const watched = [...dirs.flowDirs, dirs.schemaDir, dirs.rulesDir];
  /** The menu module as last served: a change of the files that leaves it alone needs no reload. */
  let servedMenu: string | undefined;
  return {
    name: 'brr-flows',
    config: () => ({ optimizeDeps: { include: VALIDATOR_RUNTIME } }),
    /**
     * Development (issue 32): a changed flow, schema, rule or limit file updates `virtual:flows`
     * only, which src/app/flows/catalog.ts accepts, so an open form takes the new rules without a
     * reload. Only a change of what the menu shows (a route, a title, permissions) reloads the page.
     */
    hotUpdate({ file }) {
      if (!file.endsWith('.json') || !watched.some((dir) => file.startsWith(dir))) return undefined;
      let menu: string;
      try {
        menu = menuModule(read(), ruleEngine);
      } catch {
        return undefined; // the normal update shows the problems in the overlay
      }
      if (menu !== servedMenu) return undefined;
      const catalog = this.environment.moduleGraph.getModuleById(resolved(CATALOG_ID));
      return catalog ? [catalog] : [];
    },
    resolveId(id) {
      return id === MENU_ID || id === CATALOG_ID ? resolved(id) : undefined;
    },
    load(id) {
      if (id !== resolved(MENU_ID) && id !== resolved(CATALOG_ID)) return undefined;
      // Rebuild when a source file changes (dev server and vitest watch).
      for (const dir of [...dirs.flowDirs, dirs.schemaDir, dirs.rulesDir])
        for (const file of jsonFilesUnder(dir)) this.addWatchFile(file);
      let sources: FlowSources;
      try {
        sources = read();
      } catch (e) {
        this.error((e as Error).message);
      }
      if (id !== resolved(MENU_ID)) return catalogModule(sources, ruleEngine);
      servedMenu = menuModule(sources, ruleEngine);
      return servedMenu;
    },
  };
}

const jsonFilesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(dir, f));

/** The fields of each flow the router and menus need; schemas and rules stay out of the main chunk. */
function menuModule(sources: FlowSources, ruleEngine: RuleEngine): string {
  const { catalog } = loadFlowCatalog(sources, { ruleEngine });
  const menus = catalog.flows.map(
    ({ id, title, route, menu, permissions, requiresGoodStanding, orderType, edit }) => ({
      id,
      title,
      route,
      menu,
      permissions,
      requiresGoodStanding: requiresGoodStanding ?? false,
      // The dashboard's Edit and Load Booking find an order type's flow here (never in a hand-written list).
      orderType,
      opens: { load: edit !== undefined, update: edit?.update !== undefined },
      ...(edit?.view ? { viewUrl: edit.view } : {}),
    }),
  );
  return `export const flowMenus = ${JSON.stringify(menus)};\n`;
}

function catalogModule(sources: FlowSources, ruleEngine: RuleEngine): string {
  return `${precompiledValidators(sources, ruleEngine)}\nexport const sources = ${JSON.stringify(sources)};\n`;
}

/**
 * ajv standalone code for every request step schema (and every sub-schema RJSF's schemaParser finds,
 * which RJSF's precompiled validator looks up by `$id` or hash), exported as `validators`.
 */
export function precompiledValidators(sources: FlowSources, ruleEngine: RuleEngine): string {
  const { catalog } = loadFlowCatalog(sources, { ruleEngine });
  const ajv = createFlowAjv({
    code: { source: true, esm: true, formats: _`require("ajv-formats/dist/formats").fullFormats` },
  });
  const exports: Record<string, string> = {};
  for (const flow of catalog.flows) {
    for (const step of flow.steps) {
      if (!step.schema) continue;
      for (const [key, schema] of Object.entries(schemaParser(step.schema as never))) {
        if (Object.values(exports).includes(key)) continue;
        ajv.addSchema({ ...(schema as object), $id: key });
        exports[`v${Object.keys(exports).length}`] = key;
      }
    }
  }
  const code = rewriteRequires(Object.keys(exports).length > 0 ? standaloneCode(ajv, exports) : '');
  const byId = Object.entries(exports).map(([name, key]) => `${JSON.stringify(key)}: ${name}`);
  return `${code}\nexport const validators = {${byId.join(', ')}};\n`;
}

/**
 * ajv's standalone output names its runtime helpers with require() even in ESM mode; turn each into
 * an import. A CommonJS module imported as a namespace has its exports on `default` under Node
 * (vitest) and on the namespace itself under the bundler; `__cjs` accepts both.
 */
export function rewriteRequires(code: string): string {
  const specifiers = [...new Set([...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1] as string))];
  if (specifiers.length === 0) return code;
  const imports = specifiers.map((s, i) => `import * as __ajv${i} from ${JSON.stringify(s)};`);
  const interop =
    'const __cjs = (ns) => (ns.default && ns.default.__esModule ? ns.default : ns);\n' +
    specifiers.map((_s, i) => `const __ajvm${i} = __cjs(__ajv${i});`).join('\n');
  const body = specifiers.reduce(
    (text, s, i) => text.replaceAll(`require(${JSON.stringify(s)})`, `__ajvm${i}`),
    code,
  );
  return `${imports.join('\n')}\n${interop}\n${body}`;
}
