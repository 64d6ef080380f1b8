/**
 * FlowStore: one flow's working state (ARCHITECTURE §3) — step, data, errors, answered rules,
 * submit and draft. No React, no axios, no DOM: every outside call goes through FlowStoreServices.
 * SPEC §4 booking flow (request → review → confirm), §4 Reset, §5 confirmations.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { CANCEL_CHANGES_TEXT } from '../../domain/messages';
import { ACKNOWLEDGED_FIELD, checkStep, requestSteps, type SchemaValidator } from './check-data';
import { DraftKeeper } from './draft';
import { deepEqual, type FlowData, getPath, newUuid, pick, sameContent, setPath } from './flow-data';
import { type FlowStoreServices, FlowSubmitError, type FlowSubmitResult } from './flow-services';
import {
  isUnder,
  nextStepId,
  ownerOf,
  pathToRequestStep,
  sectionsOf,
  stepById,
  stepOfKind,
} from './flow-steps';
import { applicableAcknowledgements, itemErrorsOf } from './flow-verdicts';
import type { LoadedFlow, LoadedStep } from './load';
import type { Limits } from './rules';
import type { FieldError, RuleVerdict } from './types';

export class FlowStore {
  stepId: string;
  data: FlowData = {};
  fieldErrors: FieldError[] = [];
  /** Confirm and acknowledge verdicts the server reported unanswered. */
  serverQuestions: RuleVerdict[] = [];
  /** Rule ids of confirm questions answered OK and acknowledgements ticked. */
  readonly acknowledged = observable.set<string>();
  /** Acknowledge rules that stopped the last Next because their box was not ticked. */
  blockedAcknowledgements: string[] = [];
  submitting = false;
  /** A confirmation is open on behalf of next() or submit(); further calls wait their turn. */
  busy = false;
  result: FlowSubmitResult | null = null;
  /** The server's message when a submit failed. */
  submitMessage: string | null = null;
  idempotencyKey: string;
  /** The group the request step should bring into view (after Edit on the review step). */
  focusedSection: string | null = null;
  readonly draft: DraftKeeper;
  private history: string[] = [];
  /** After a blocked Next, errors follow the data as it changes instead of waiting for Next. */
  private revalidate = false;
  /** The key was used by a submit; the next change of data needs a fresh one. */
  private keyUsed = false;

  constructor(
    readonly flow: LoadedFlow,
    readonly limits: Limits,
    private readonly validate: SchemaValidator,
    private readonly services: FlowStoreServices,
  ) {
    this.stepId = flow.steps[0]?.id ?? '';
    this.idempotencyKey = this.newKey();
    this.draft = new DraftKeeper(services.storage, flow.id, services.now);
    makeObservable<FlowStore, 'history'>(this, {
      stepId: observable,
      data: observableRef,
      fieldErrors: observableRef,
      serverQuestions: observableRef,
      blockedAcknowledgements: observableRef,
      submitting: observable,
      busy: observable,
      result: observableRef,
      submitMessage: observable,
      idempotencyKey: observable,
      focusedSection: observable,
      history: observableRef,
      hasDraft: computed,
      step: computed,
      dirty: computed,
      acknowledgements: computed,
      setData: action,
      setSections: action,
      acknowledge: action,
      back: action,
      edit: action,
      reset: action,
      restoreDraft: action,
    });
  }

  /** A draft saved before a reload waits for Restore or Discard. */
  get hasDraft(): boolean {
    return this.draft.offered;
  }

  get step(): LoadedStep {
    return stepById(this.flow, this.stepId);
  }

  /** Something typed and not yet sent (what discarding would lose). */
  get dirty(): boolean {
    return this.result === null && !sameContent(this.data, {});
  }

  /** Acknowledge rules that apply to the current request step's data: shown as checkboxes. */
  get acknowledgements(): RuleVerdict[] {
    return applicableAcknowledgements(this.step, this.stepData(this.step), this.limits, this.serverQuestions);
  }

  /** Per-item error rules over the array at `path`, as the data stands: widgets show these as typed. */
  itemErrors(path: string): Map<number, string[]> {
    return itemErrorsOf(this.step, this.stepData(this.step), this.limits, path);
  }

  /** The submit body: every request step's groups plus the answered rule ids. */
  get submitBody(): Record<string, unknown> {
    const keys = requestSteps(this.flow).flatMap(sectionsOf);
    return { ...pick(this.data, keys), [ACKNOWLEDGED_FIELD]: [...this.acknowledged] };
  }

  /** Sets a top-level group or a dotted path inside one. */
  setData(path: string, value: unknown): void {
    if (deepEqual(getPath(this.data, path), value)) return;
    const before = this.data;
    this.data = setPath(this.data, path, value);
    // A form filling in empty groups on mount is no edit: it must not withdraw the draft offer.
    if (sameContent(before, this.data)) return;
    if (this.keyUsed) {
      this.idempotencyKey = this.newKey();
      this.keyUsed = false;
    }
    this.draft.withdraw(); // editing answers the draft offer: this work replaces it
    // A confirmation answered the data as it was; changed data asks again.
    for (const id of [...this.acknowledged]) if (this.kindOf(id) === 'confirm') this.acknowledged.delete(id);
    this.fieldErrors = this.fieldErrors.filter((e) => !isUnder(e.field, path));
    if (this.revalidate && this.step.schema) this.fieldErrors = this.check(this.step).errors;
    this.saveDraft();
  }

  /** Applies a form's groups, setting only those that changed. */
  setSections(values: Readonly<Record<string, unknown>>): void {
    for (const key of new Set([...Object.keys(values), ...Object.keys(this.data)])) {
      if (!deepEqual(this.data[key], values[key])) this.setData(key, values[key]);
    }
  }

  acknowledge(ruleId: string, ticked = true): void {
    if (ticked) this.acknowledged.add(ruleId);
    else this.acknowledged.delete(ruleId);
    this.blockedAcknowledgements = this.blockedAcknowledgements.filter((id) => id !== ruleId);
  }

  /** Checks the request step; errors and unticked acknowledgements block, confirm rules ask. */
  async next(): Promise<boolean> {
    const step = this.step;
    if (this.busy || step.kind !== 'request') return false;
    const { errors, questions } = this.check(step);
    const unticked = questions.filter((q) => q.kind === 'acknowledge' && !this.acknowledged.has(q.ruleId));
    runInAction(() => {
      this.fieldErrors = errors;
      this.revalidate = errors.length > 0;
      this.blockedAcknowledgements = [...new Set(unticked.map((q) => q.ruleId))];
    });
    if (errors.length > 0 || unticked.length > 0) return false;
    runInAction(() => {
      this.busy = true;
    });
    try {
      for (const q of questions) {
        if (q.kind !== 'confirm' || this.acknowledged.has(q.ruleId)) continue;
        if (!(await this.services.confirm(q.message))) return false;
        runInAction(() => this.acknowledged.add(q.ruleId));
      }
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
    runInAction(() => {
      this.history = [...this.history, step.id];
      this.stepId = nextStepId(this.flow, step.id);
      this.focusedSection = null;
      this.serverQuestions = [];
      this.submitMessage = null;
    });
    this.saveDraft();
    return true;
  }

  back(): void {
    if (this.busy || this.step.kind === 'confirm') return;
    const previous = this.history.at(-1);
    if (previous === undefined) return;
    this.history = this.history.slice(0, -1);
    this.stepId = previous;
    this.saveDraft();
  }

  /** Review → the request step that owns `section`, with that section brought into view. */
  edit(section: string): void {
    if (this.busy || this.step.kind === 'confirm') return;
    this.goToSection(section);
  }

  private goToSection(section: string): void {
    const owner = ownerOf(this.flow, section);
    if (!owner) return;
    const at = this.history.indexOf(owner.id);
    this.history = at >= 0 ? this.history.slice(0, at) : this.history;
    this.stepId = owner.id;
    this.focusedSection = section;
    this.saveDraft();
  }

  /** SPEC §5: asks first, then posts once; a second call while one runs is ignored. */
  async submit(): Promise<boolean> {
    if (this.busy || this.submitting || this.step.kind !== 'review') return false;
    runInAction(() => {
      this.busy = true;
    });
    const ok = await this.services.confirm(`Do you want to submit this ${this.flow.title.toLowerCase()}?`, {
      okText: 'Submit',
    });
    runInAction(() => {
      this.busy = ok;
      this.submitting = ok;
      this.submitMessage = null;
      this.keyUsed = ok || this.keyUsed;
    });
    if (!ok) return false;
    try {
      const result = await this.services.submit(this.flow.submit.url, this.submitBody, this.idempotencyKey);
      runInAction(() => {
        this.result = result;
        this.history = [];
        this.stepId = stepOfKind(this.flow, 'confirm').id;
      });
      this.draft.drop();
      return true;
    } catch (e) {
      runInAction(() => this.refused(e));
      return false;
    } finally {
      runInAction(() => {
        this.busy = false;
        this.submitting = false;
      });
    }
  }

  /** SPEC §5: discard asks for confirmation, but only when there is something to lose. */
  async discard(): Promise<boolean> {
    if (this.busy) return false;
    if (this.dirty && !(await this.services.confirm(CANCEL_CHANGES_TEXT))) return false;
    this.draft.drop();
    this.reset();
    return true;
  }

  /** SPEC §4 Reset: a fresh flow. A saved draft stays on offer. */
  reset(): void {
    Object.assign(this, {
      stepId: this.flow.steps[0]?.id ?? '',
      data: {},
      fieldErrors: [],
      serverQuestions: [],
      blockedAcknowledgements: [],
      result: null,
      submitMessage: null,
      focusedSection: null,
      history: [],
      revalidate: false,
      keyUsed: false,
      idempotencyKey: this.newKey(),
    });
    this.acknowledged.clear();
    this.draft.refresh();
  }

  /** Brings the saved draft back. Confirmations are not saved, so review is re-entered through Next. */
  restoreDraft(): void {
    this.reset();
    const draft = this.draft.take();
    if (!draft) return;
    this.data = draft.data;
    const path = pathToRequestStep(this.flow, draft.stepId);
    this.stepId = path.at(-1) ?? this.stepId;
    this.history = path.slice(0, -1);
  }

  dropDraft(): void {
    this.draft.drop();
  }

  /** A refused submit: its problems go onto the fields, and back to the step that owns the first. */
  private refused(e: unknown): void {
    const failure = FlowSubmitError.from(e);
    this.submitMessage = failure.message;
    this.fieldErrors = [...failure.errors];
    this.serverQuestions = [...failure.unanswered];
    for (const q of failure.unanswered) this.acknowledged.delete(q.ruleId);
    this.blockedAcknowledgements = failure.unanswered
      .filter((q) => q.kind === 'acknowledge')
      .map((q) => q.ruleId);
    const first = [...failure.errors, ...failure.unanswered][0];
    if (first) this.goToSection(first.field.split('.')[0] ?? '');
  }

  private check(step: LoadedStep) {
    return checkStep(step, this.stepData(step), this.validate, this.limits);
  }

  private stepData(step: LoadedStep) {
    return pick(this.data, sectionsOf(step));
  }

  private kindOf(ruleId: string) {
    return this.flow.steps.flatMap((s) => s.compiledRules).find((r) => r.id === ruleId)?.kind;
  }

  private saveDraft(): void {
    if (this.dirty) this.draft.save(this.stepId, this.data);
  }

  private newKey(): string {
    return this.services.newKey?.() ?? newUuid();
  }
}
