/**
 * The browser's SchemaValidator: precompiled ajv functions (from the Vite plugin's
 * `virtual:flows`) looked up by the step schema's `$id`. No schema is compiled at run time, so the
 * page works under a Content Security Policy without 'unsafe-eval'.
 */
import type { SchemaValidator } from './check-data';
import type { SchemaErrorLike } from './schema-messages';

export interface PrecompiledFunction {
  (data: unknown): boolean;
  errors?: readonly SchemaErrorLike[] | null;
}

export type PrecompiledFunctions = Readonly<Record<string, PrecompiledFunction>>;

export function precompiledSchemaValidator(functions: PrecompiledFunctions): SchemaValidator {
  return (step, data) => {
    const id = String(step.schema?.$id);
    const validate = functions[id];
    if (!validate) throw new Error(`No precompiled validator for ${id}: rebuild the app (vite-plugin-flows)`);
    return validate(data) ? [] : [...(validate.errors ?? [])];
  };
}
