/**
 * Copies src/'s flow, schema and rule files (JSON only) to a scratch folder, fresh each run, for the
 * development servers of this config to read through FLOW_FILES_DIR: the spec edits the copy,
 * never src/rules/limits.json, which other runs read.
 *   tsx e2e/dev/copy-flow-files.ts <folder>
 */
import { cpSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SRC_DIR } from '../../src/engine/node/sources';

const target = process.argv[2];
if (!target) throw new Error('Usage: tsx e2e/dev/copy-flow-files.ts <folder>');
rmSync(target, { recursive: true, force: true });
for (const folder of ['flows', 'schemas', 'rules'])
  cpSync(join(SRC_DIR, folder), join(target, folder), {
    recursive: true,
    filter: (from) => statSync(from).isDirectory() || from.endsWith('.json'),
  });
