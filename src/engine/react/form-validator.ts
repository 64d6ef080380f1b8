/**
 * RJSF's validator for a request step, built from the same precompiled functions the FlowStore
 * uses. RJSF only asks it schema questions (isValid for oneOf / anyOf / if); the form runs with
 * noValidate because the FlowStore validates and its messages (ours, never ajv's) arrive as
 * extraErrors. Imported from the file, not the package index, so ajv itself stays out of the bundle.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import type { PrecompiledFunctions } from '../core/precompiled';

const cache = new WeakMap<object, ValidatorType>();

/** One validator per step schema, kept while the schema object lives. */
export function formValidator(functions: PrecompiledFunctions, schema: object): ValidatorType {
  let validator = cache.get(schema);
  if (!validator) {
    validator = createPrecompiledValidator(
      functions as unknown as ValidatorFunctions,
      schema as RJSFSchema,
    ) as ValidatorType;
    cache.set(schema, validator);
  }
  return validator;
}
