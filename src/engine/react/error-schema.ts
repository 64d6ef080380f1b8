/** The FlowStore's field errors as RJSF's nested ErrorSchema (passed to the form as extraErrors). */
import type { ErrorSchema } from '@rjsf/utils';
import type { FieldError } from '../core/types';

type Node = { __errors?: string[]; [key: string]: unknown };

export function toErrorSchema(errors: readonly FieldError[]): ErrorSchema {
  const root: Node = {};
  for (const { field, message } of errors) {
    let node = root;
    for (const segment of field.split('.').filter((s) => s !== '')) {
      node[segment] ??= {};
      node = node[segment] as Node;
    }
    node.__errors = [...(node.__errors ?? []), message];
  }
  return root as ErrorSchema;
}
