/**
 * What the user has answered of a flow's rules (SPEC §5 confirmations and acknowledgements): the
 * confirm questions answered OK and the acknowledgement boxes ticked, by key (see Acknowledgement);
 * the boxes that stopped the last Next; the questions the server reported unanswered. The FlowStore
 * owns one and tells it when the data changes, a check asks, or a submit is refused.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { requestSteps } from './check-data';
import { isUnder } from './flow-steps';
import {
  type Acknowledgement,
  acknowledgementKey,
  acknowledgementStatements,
  answeredRuleIds,
  distinctAcknowledgements,
} from './flow-verdicts';
import type { LoadedFlow, LoadedStep } from './load';
import type { Limits } from './rules';
import type { RuleVerdict } from './types';

/** What the answers read of the store: the flow, the current step, the limits and a step's data. */
export interface AnswersSource {
  readonly flow: LoadedFlow;
  readonly step: LoadedStep;
  readonly limits: Limits;
  stepData(step: LoadedStep): unknown;
}

export class FlowAnswers {
  /**
   * Rule ids of confirm questions answered OK, and the keys of acknowledgements ticked (a rule's
   * id, or one per statement of a forEach rule: see Acknowledgement).
   */
  readonly ticked = observable.set<string>();
  /** Keys of the acknowledgements that stopped the last Next because their box was not ticked. */
  blocked: string[] = [];
  /** Confirm and acknowledge verdicts the server reported unanswered. */
  serverQuestions: RuleVerdict[] = [];

  constructor(private readonly source: AnswersSource) {
    makeObservable<FlowAnswers, 'statements'>(this, {
      blocked: observableRef,
      serverQuestions: observableRef,
      statements: computed,
      acknowledgements: computed,
      tick: action,
      clear: action,
    });
  }

  /**
   * Acknowledge rules that apply to the current request step's data as it stands: shown as
   * checkboxes, one per key, from the change that makes them apply (not from the next check).
   */
  get acknowledgements(): Acknowledgement[] {
    return distinctAcknowledgements(this.statements);
  }

  /** Every statement behind `acknowledgements`, each element's own (two may share a box). */
  private get statements(): Acknowledgement[] {
    const { step, limits } = this.source;
    return acknowledgementStatements(
      step,
      this.source.stepData(step),
      limits,
      this.serverQuestions,
      this.rules,
    );
  }

  /**
   * The acknowledgements about `field` or an element inside it not ticked yet: a widget can say
   * that its item still waits for one (the term lease redelivery's contract line).
   */
  unansweredAbout(field: string): Acknowledgement[] {
    return this.statements.filter((a) => isUnder(a.field, field) && !this.ticked.has(a.key));
  }

  /** Asks each confirm question not answered yet, in turn; false at the first one not answered OK. */
  async confirm(
    questions: readonly RuleVerdict[],
    ask: (message: string) => Promise<boolean>,
  ): Promise<boolean> {
    for (const q of questions) {
      if (q.kind !== 'confirm' || this.ticked.has(q.ruleId)) continue;
      if (!(await ask(q.message))) return false;
      runInAction(() => this.ticked.add(q.ruleId));
    }
    return true;
  }

  /** Ticks or clears an acknowledgement by its key (a rule id for a rule over the whole data). */
  tick(key: string, ticked = true): void {
    if (ticked) this.ticked.add(key);
    else this.ticked.delete(key);
    this.blocked = this.blocked.filter((k) => k !== key);
  }

  /** The keys of a check's acknowledge questions whose box is not ticked (they block Next). */
  unticked(questions: readonly RuleVerdict[]): string[] {
    return [
      ...new Set(
        questions
          .filter((q) => q.kind === 'acknowledge')
          .map((q) => this.keyOf(q))
          .filter((key) => !this.ticked.has(key)),
      ),
    ];
  }

  /** A confirmation answered the data as it was; changed data asks again. */
  dataChanged(): void {
    for (const id of [...this.ticked]) if (this.kindOf(id) === 'confirm') this.ticked.delete(id);
  }

  /** A submit refused with unanswered questions: their answers go, their boxes are asked for. */
  refused(unanswered: readonly RuleVerdict[]): void {
    this.serverQuestions = [...unanswered];
    for (const q of unanswered) {
      this.ticked.delete(q.ruleId);
      this.ticked.delete(this.keyOf(q));
    }
    this.blocked = [...new Set(unanswered.filter((q) => q.kind === 'acknowledge').map((q) => this.keyOf(q)))];
  }

  /**
   * What the submit tells the server was answered (rule ids, as checkSubmission reads them), over
   * every request step's data as it stands.
   */
  ruleIds(): string[] {
    const { flow, limits } = this.source;
    const statements = requestSteps(flow).flatMap((step) =>
      acknowledgementStatements(step, this.source.stepData(step), limits, this.serverQuestions, this.rules),
    );
    return answeredRuleIds(this.rules, statements, this.ticked);
  }

  clear(): void {
    this.ticked.clear();
    this.blocked = [];
    this.serverQuestions = [];
  }

  /** Every request step's rules: what an answer's key or kind is looked up in. */
  private get rules() {
    return this.source.flow.steps.flatMap((s) => s.compiledRules);
  }

  private kindOf(ruleId: string) {
    return this.rules.find((r) => r.id === ruleId)?.kind;
  }

  private keyOf(verdict: RuleVerdict): string {
    return acknowledgementKey(this.rules, verdict);
  }
}
