/**
 * The mounted widgets' own verdicts on their fields, beyond the schema and the rules: e.g. the
 * chassis list's server refusals (issue 25). Next refuses while one reports a problem on the
 * current step, as it does for a rule's. Read on every check, so a verdict is never stale.
 */
import { isUnder } from './flow-steps';
import type { FieldError } from './types';

export type FieldCheck = () => FieldError[];

export class WidgetChecks {
  /** By the field path each judges. */
  private readonly checks = new Map<string, FieldCheck>();

  /** A widget's check of the field at `path`; returns the unregistering function (its unmount). */
  add(path: string, check: FieldCheck): () => void {
    this.checks.set(path, check);
    return () => {
      if (this.checks.get(path) === check) this.checks.delete(path);
    };
  }

  /** What the widgets report on fields inside these groups. */
  errorsUnder(sections: readonly string[]): FieldError[] {
    return [...this.checks]
      .filter(([path]) => sections.some((section) => isUnder(path, section)))
      .flatMap(([, check]) => check());
  }
}
