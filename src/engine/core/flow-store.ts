/**
 * FlowStore: one flow's working state (ARCHITECTURE §3) — step, data, errors; its parts are the
 * answered rules (FlowAnswers), the draft (DraftKeeper), the order opened for edit or as a new
 * request (FlowOrder), the submit (FlowSubmission), the step actions (ActionRunner) and the
 * widgets' own checks (WidgetChecks). No React, no axios, no DOM: every outside call goes through
 * FlowStoreServices.
 * SPEC §4 booking flow (request → review → confirm), §4 Reset, §5 confirmations.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { ActionRunner } from './action-runner';
import { checkStep, type SchemaValidator } from './check-data';
import { DraftKeeper } from './draft';
import { answerParts, flowDataSchema } from './flow-actions';
import { FlowAnswers } from './flow-answers';
import { diffFlowData } from './flow-changes';
import { deepEqual, type FlowData, getPath, pick, setPath } from './flow-data';
import { FlowOrder } from './flow-order';
import type { FlowStoreServices, FlowSubmitError } from './flow-services';
import {
  isUnder,
  nextStepId,
  ownerOf,
  pathToRequestStep,
  sectionsOf,
  stepById,
  stepOfKind,
} from './flow-steps';
import { FlowSubmission } from './flow-submission';
import { itemErrorsOf } from './flow-verdicts';
import type { LoadedFlow, LoadedStep } from './load';
import type { Limits } from './rules';
import { flatten, prefilledValues, startingValues } from './starting-data';
import type { FieldError, JsonSchema, StepAction } from './types';
import { WidgetChecks } from './widget-checks';

export class FlowStore {
  stepId: string;
  data: FlowData = {};
  fieldErrors: FieldError[] = [];
  /** What the user answered of the rules: confirmations, acknowledgements, the server's questions. */
  readonly answers: FlowAnswers;
  /** A confirmation is open on behalf of next() or submit(); further calls wait their turn. */
  busy = false;
  /** The group the request step should bring into view (after Edit on the review step). */
  focusedSection: string | null = null;
  readonly draft: DraftKeeper;
  /** The existing order worked on (edit, or Load Booking), if any. */
  readonly order: FlowOrder;
  readonly submission: FlowSubmission;
  /** The step actions: run one now (its button), what runs, what failed. */
  readonly actions: ActionRunner;
  /** The mounted widgets' own checks of their fields. */
  readonly widgetChecks = new WidgetChecks();
  /** The request steps' schemas as one: change labels, and the actions' required inputs. */
  dataSchema: JsonSchema;
  /** The data as opened (edit and load) or {} (new): what "something to lose" is measured against. */
  private opened: FlowData = {};
  private history: string[] = [];
  /** After a blocked Next, errors follow the data as it changes instead of waiting for Next. */
  private revalidate = false;

  constructor(
    /** The flow, its limits and its validator: replaced only by replaceFlow (development). */
    public flow: LoadedFlow,
    public limits: Limits,
    private validate: SchemaValidator,
    readonly services: FlowStoreServices,
  ) {
    this.stepId = flow.steps[0]?.id ?? '';
    this.draft = new DraftKeeper(services.storage, flow.id, services.now);
    this.answers = new FlowAnswers(this);
    this.dataSchema = flowDataSchema(flow);
    this.data = this.startingData();
    this.opened = this.data;
    this.order = new FlowOrder(this, (data, mode) => this.take(data, mode));
    this.submission = new FlowSubmission(this, {
      posted: () => this.posted(),
      refused: (failure) => this.refused(failure),
    });
    const store = this;
    this.actions = new ActionRunner({
      get flow() {
        return store.flow;
      },
      get dataSchema() {
        return store.dataSchema;
      },
      data: () => this.data,
      context: () => this.order.templateContext,
      request: (call) => services.request(call),
      fillInFirst: () => services.messages.fillInFirst,
      apply: (act, answer) => this.applyAnswer(act, answer),
    });
    makeObservable<FlowStore, 'history' | 'opened' | 'applyAnswer' | 'take' | 'posted'>(this, {
      flow: observableRef,
      limits: observableRef,
      dataSchema: observableRef,
      stepId: observable,
      data: observableRef,
      fieldErrors: observableRef,
      busy: observable,
      focusedSection: observable,
      history: observableRef,
      opened: observableRef,
      hasDraft: computed,
      step: computed,
      dirty: computed,
      applyAnswer: action,
      take: action,
      posted: action,
      setData: action,
      setSections: action,
      back: action,
      edit: action,
      reset: action,
      refreshStartingData: action,
      startFrom: action,
      restoreDraft: action,
      replaceFlow: action,
    });
  }

  /**
   * Development (issue 32): the flow files changed while this flow was open. The store keeps its
   * data, step, mode, answers and draft and takes the new flow, limits and validator; a request
   * step is checked again at once, as Next would check it, so the open form shows what the changed
   * rules say about what is typed.
   */
  replaceFlow(flow: LoadedFlow, limits: Limits, validate: SchemaValidator): void {
    this.flow = flow;
    this.limits = limits;
    this.validate = validate;
    this.dataSchema = flowDataSchema(flow);
    if (!flow.steps.some((s) => s.id === this.stepId)) this.stepId = flow.steps[0]?.id ?? '';
    if (this.step.kind !== 'request' || !this.step.schema) return;
    this.fieldErrors = this.check(this.step).errors;
    this.revalidate = this.fieldErrors.length > 0;
  }

  /** A draft saved before a reload waits for Restore or Discard (never offered over an order being edited). */
  get hasDraft(): boolean {
    return this.order.mode !== 'edit' && this.draft.offered;
  }

  get step(): LoadedStep {
    return stepById(this.flow, this.stepId);
  }

  /**
   * Something typed and not yet sent (what discarding would lose): the data differs from what the
   * flow opened with (nothing, or the order). A form's defaults and step actions' answers are not typing.
   */
  get dirty(): boolean {
    // What an action filled is in `opened` too (applyAnswer), so only the user's own changes differ.
    return (
      this.submission.result === null && diffFlowData(this.opened, this.data, this.dataSchema).length > 0
    );
  }

  /** Per-item error rules over the array at `path`, as the data stands: widgets show these as typed. */
  itemErrors(path: string): Map<number, string[]> {
    return itemErrorsOf(this.step, this.stepData(this.step), this.limits, path);
  }

  /** Sets a top-level group or a dotted path inside one. */
  setData(path: string, value: unknown): void {
    if (deepEqual(getPath(this.data, path), value)) return;
    const before = this.data;
    this.data = setPath(this.data, path, value);
    // A form filling in empty groups or its defaults on mount is no edit: it must not withdraw the draft offer.
    if (diffFlowData(before, this.data, this.dataSchema).length === 0) return;
    this.draft.withdraw(); // editing answers the draft offer: this work replaces it
    this.dataChanged(path);
    this.saveDraft();
    this.actions.trigger();
  }

  /** After any change of the data: answers, errors and the idempotency key follow it. */
  private dataChanged(path: string): void {
    this.submission.dataChanged();
    this.answers.dataChanged();
    this.fieldErrors = this.fieldErrors.filter((e) => !isUnder(e.field, path));
    if (this.revalidate && this.step.schema) this.fieldErrors = this.check(this.step).errors;
  }

  /** Applies a form's groups, setting only those that changed. */
  setSections(values: Readonly<Record<string, unknown>>): void {
    for (const key of new Set([...Object.keys(values), ...Object.keys(this.data)])) {
      if (!deepEqual(this.data[key], values[key])) this.setData(key, values[key]);
    }
  }

  /** Checks the request step; errors and unticked acknowledgements block, confirm rules ask. */
  async next(): Promise<boolean> {
    const step = this.step;
    if (this.busy || step.kind !== 'request') return false;
    const { errors, questions } = this.check(step);
    const unticked = this.answers.unticked(questions);
    runInAction(() => {
      this.fieldErrors = errors;
      this.revalidate = errors.length > 0;
      this.answers.blocked = unticked;
    });
    if (errors.length > 0 || unticked.length > 0) return false;
    runInAction(() => {
      this.busy = true;
    });
    try {
      if (!(await this.answers.confirm(questions, (message) => this.services.confirm(message)))) return false;
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
    runInAction(() => {
      this.history = [...this.history, step.id];
      this.stepId = nextStepId(this.flow, step.id);
      this.focusedSection = null;
      this.answers.serverQuestions = [];
      this.submission.message = null;
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

  /** Posted: the confirm step shows the result; a new request's draft is done with (an edit never touched it). */
  private posted(): void {
    this.history = [];
    this.stepId = stepOfKind(this.flow, 'confirm').id;
    if (this.order.mode !== 'edit') this.draft.drop();
  }

  /**
   * Back to Dashboard: asks only when something is typed and not sent. A new request's work stays
   * as its draft (offered when the user comes back); an edit's changes are left unsaved.
   */
  async leave(): Promise<boolean> {
    if (this.busy) return false;
    if (!this.dirty) return true;
    const { title, message } =
      this.order.mode === 'edit' ? this.services.messages.leaveEdit : this.services.messages.leaveRequest;
    return this.services.confirm(message, { title, okText: 'Leave', cancelText: 'Stay' });
  }

  /**
   * SPEC §5: discard asks for confirmation, but only when there is something to lose. In edit mode
   * it puts the order back as it was opened; otherwise it starts a fresh request.
   */
  async discard(): Promise<boolean> {
    if (this.busy) return false;
    if (this.dirty && !(await this.services.confirm(this.services.messages.cancelChanges))) return false;
    const original = this.order.mode === 'edit' ? this.order.original : null;
    if (original) {
      runInAction(() => {
        this.data = original;
        this.fieldErrors = [];
        this.revalidate = false;
        this.answers.ticked.clear();
      });
      this.actions.trigger();
      return true;
    }
    this.draft.drop();
    this.reset();
    return true;
  }

  /** SPEC §4 Reset: a fresh new request (out of edit mode). A saved draft stays on offer. */
  reset(): void {
    this.order.clear(); // an order still loading no longer lands here
    this.actions.reset(); // nor does an action's answer
    Object.assign(this, {
      opened: this.startingData(),
      stepId: this.flow.steps[0]?.id ?? '',
      data: this.startingData(),
      fieldErrors: [],
      focusedSection: null,
      history: [],
      revalidate: false,
    });
    this.submission.clear();
    this.answers.clear();
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
    this.actions.trigger();
  }

  /** The order opened (FlowOrder.open) becomes the data; Load Booking's new work ends the draft's offer. */
  private take(data: FlowData, mode: 'edit' | 'load'): void {
    this.opened = data;
    this.data = data;
    if (mode === 'load') this.draft.withdraw(); // its next save replaces the draft
    this.actions.trigger();
  }

  /**
   * The answer goes into the data. It is the server's, not the user's: it does not end the draft
   * offer (nor overwrite the draft on offer), and confirmations are asked again only when a value
   * really changed.
   */
  private applyAnswer(action: StepAction, answer: unknown): void {
    let changed = false;
    for (const [path, value] of answerParts(action, answer)) {
      // The answer is also what the user's later changes there are measured against (a widget
      // may edit what an action filled: the term lease's line items).
      this.opened = setPath(this.opened, path, value);
      this.order.keepAnswer(path, value);
      if (deepEqual(getPath(this.data, path), value)) continue;
      this.data = setPath(this.data, path, value);
      this.dataChanged(path);
      changed = true;
    }
    if (!changed) return;
    if (!this.draft.offered) this.saveDraft();
    this.actions.trigger();
  }

  /** A refused submit: its problems go onto the fields, and back to the step that owns the first. */
  private refused(failure: FlowSubmitError): void {
    this.fieldErrors = [...failure.errors];
    this.answers.refused(failure.unanswered);
    const first = [...failure.errors, ...failure.unanswered][0];
    if (first) this.goToSection(first.field.split('.')[0] ?? '');
  }

  private check(step: LoadedStep) {
    const result = checkStep(step, this.stepData(step), this.validate, this.limits);
    const widgets = this.widgetChecks.errorsUnder(sectionsOf(step));
    return widgets.length > 0 ? { ...result, errors: [...result.errors, ...widgets] } : result;
  }

  /** The data of a step's groups (what its schema and rules see). */
  stepData(step: LoadedStep) {
    return pick(this.data, sectionsOf(step));
  }

  /** Edit mode keeps no draft: the order itself is the saved state, and a new request's draft stays untouched. */
  private saveDraft(): void {
    if (this.order.mode !== 'edit' && this.dirty) this.draft.save(this.stepId, this.data);
  }

  /**
   * A new request started by a link from another screen: the flow's `prefill` parameters found in
   * the query become starting values (typed as their fields are; a value that does not fit its
   * field is left out, for the form to ask).
   */
  startFrom(query: Readonly<Record<string, string>>): void {
    this.reset();
    this.seed(prefilledValues(this.flow.prefill, this.dataSchema, query));
  }

  /**
   * The starting values may arrive after the store (the user's details load once per session): a
   * new request with nothing typed in takes them then.
   */
  refreshStartingData(): void {
    if (this.order.mode !== 'new' || this.dirty || this.submission.result !== null) return;
    this.seed(Object.entries(flatten(this.startingData())));
  }

  /** Values that start the request: in the data, and in what "something to lose" is measured against. */
  private seed(values: Iterable<[path: string, value: unknown]>): void {
    for (const [path, value] of values) {
      this.data = setPath(this.data, path, value);
      this.opened = setPath(this.opened, path, value);
    }
  }

  /** A new request's data: the services' starting values the flow's data has a field for. */
  private startingData(): FlowData {
    return startingValues(this.services.startWith?.() ?? {}, this.dataSchema).reduce<FlowData>(
      (data, [path, value]) => setPath(data, path, value),
      {},
    );
  }
}
