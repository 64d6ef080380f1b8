/**
 * The one ajv configuration every flow schema is compiled with, on the server, in the build that
 * precompiles the browser's validators, and in tests. `errorMessage` is an annotation our message
 * mapping reads (schema-messages.ts), not a validation keyword.
 */
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';

export const FLOW_AJV_OPTIONS: Options = {
  allErrors: true,
  strict: true,
  strictRequired: false,
  coerceTypes: false,
  useDefaults: false,
};

export function createFlowAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({ ...FLOW_AJV_OPTIONS, ...options });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: ['string', 'object'] });
  return ajv;
}
