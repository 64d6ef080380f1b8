/**
 * FlowStore: one flow's working state (ARCHITECTURE §3) — step, data, errors, answered rules,
 * submit and draft; an existing order opened for edit or as a new request (Load Booking); step
 * actions. No React, no axios, no DOM: every outside call goes through FlowStoreServices.
 * SPEC §4 booking flow (request → review → confirm), §4 Reset, §5 confirmations.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { ActionRunner } from './action-runner';
import { ACKNOWLEDGED_FIELD, checkStep, requestSteps, type SchemaValidator } from './check-data';
import { applyObject, type TemplateContext } from './data-template';
import { DraftKeeper } from './draft';
import { answerParts, flowDataSchema } from './flow-actions';
import { FlowAnswers } from './flow-answers';
import { diffFlowData, type FieldChange, titleAt } from './flow-changes';
import { deepEqual, type FlowData, getPath, newUuid, pick, setPath } from './flow-data';
import {
  type FlowStoreServices,
  FlowSubmitError,
  type FlowSubmitResult,
  type OpenedOrder,
} from './flow-services';
import {
  isUnder,
  nextStepId,
  ownerOf,
  pathToRequestStep,
  sectionsOf,
  stepById,
  stepOfKind,
} from './flow-steps';
import { itemErrorsOf } from './flow-verdicts';
import type { LoadedFlow, LoadedStep } from './load';
import { evaluateRules, type Limits } from './rules';
import { flatten, prefilledValues, startingValues } from './starting-data';
import type { FieldError, JsonSchema, StepAction } from './types';

/**
 * A mounted widget's own verdict on its field, beyond the schema and the rules: e.g. the chassis
 * list's server refusals (issue 25). Read on every check of the step, so it is never stale.
 */
export type FieldCheck = () => FieldError[];

/** new: an empty request; edit: an existing order (dashboard Edit); load: a new request prefilled from one. */
export type FlowMode = 'new' | 'edit' | 'load';

/** Which order an edit updates, and the version it was opened at (compare-and-set on the server). */
export interface EditedOrder {
  BookingOrderId: number;
  Version: number;
}

/** The fields an update adds to the submit body (src/schemas/booking-order.ts names them too). */
const ORDER_ID_FIELD = 'BookingOrderId';
const VERSION_FIELD = 'Version';
/** The server's answer to an update sent with a stale Version. */
const ORDER_CHANGED_STATUS = 409;

export class FlowStore {
  stepId: string;
  data: FlowData = {};
  fieldErrors: FieldError[] = [];
  /** What the user answered of the rules: confirmations, acknowledgements, the server's questions. */
  readonly answers: FlowAnswers;
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
  mode: FlowMode = 'new';
  editing: EditedOrder | null = null;
  /** Edit mode: the flow data as the order was opened, what `changes` compares against. */
  original: FlowData | null = null;
  /** An order is being loaded (open()). */
  opening = false;
  /** Why the order could not be opened (the central error message, or that it is not editable). */
  openError: string | null = null;
  /** The 409 message: the order changed since it was opened; reloadOrder() starts over from it. */
  conflict: string | null = null;
  /** The step actions: what runs, what failed (runningActions, actionErrors, runAction). */
  private readonly actions: ActionRunner;
  /** The data as opened (edit and load) or {} (new): what "something to lose" is measured against. */
  private opened: FlowData = {};
  private history: string[] = [];
  /** Each open() and each action run takes a ticket; an answer whose ticket is no longer current is stale. */
  private openTicket = 0;
  /** The request steps' schemas as one, for change labels and the actions' required inputs. */
  private dataSchema: JsonSchema;
  /** After a blocked Next, errors follow the data as it changes instead of waiting for Next. */
  private revalidate = false;
  /** The key was used by a submit; the next change of data needs a fresh one. */
  private keyUsed = false;
  /** The mounted widgets' own checks, by the field path each judges (addFieldCheck). */
  private readonly fieldChecks = new Map<string, FieldCheck>();

  constructor(
    /** The flow, its limits and its validator: replaced only by replaceFlow (development). */
    public flow: LoadedFlow,
    public limits: Limits,
    private validate: SchemaValidator,
    private readonly services: FlowStoreServices,
  ) {
    this.stepId = flow.steps[0]?.id ?? '';
    this.idempotencyKey = this.newKey();
    this.draft = new DraftKeeper(services.storage, flow.id, services.now);
    this.answers = new FlowAnswers(this);
    this.dataSchema = flowDataSchema(flow);
    this.data = this.startingData();
    this.opened = this.data;
    const store = this;
    this.actions = new ActionRunner({
      get flow() {
        return store.flow;
      },
      get dataSchema() {
        return store.dataSchema;
      },
      data: () => this.data,
      context: () => this.templateContext,
      request: (call) => services.request(call),
      fillInFirst: () => services.messages.fillInFirst,
      apply: (act, answer) => this.applyAnswer(act, answer),
    });
    makeObservable<FlowStore, 'history' | 'opened' | 'applyAnswer' | 'dataSchema'>(this, {
      flow: observableRef,
      limits: observableRef,
      dataSchema: observableRef,
      stepId: observable,
      data: observableRef,
      fieldErrors: observableRef,
      submitting: observable,
      busy: observable,
      result: observableRef,
      submitMessage: observable,
      idempotencyKey: observable,
      focusedSection: observable,
      history: observableRef,
      mode: observable,
      editing: observableRef,
      original: observableRef,
      opening: observable,
      openError: observable,
      conflict: observable,
      opened: observableRef,
      hasDraft: computed,
      step: computed,
      dirty: computed,
      changes: computed,
      unchanged: computed,
      applyAnswer: action,
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

  /** The product's texts (e.g. the review's "Nothing has changed" note). */
  get messages() {
    return this.services.messages;
  }

  /** A draft saved before a reload waits for Restore or Discard (never offered over an order being edited). */
  get hasDraft(): boolean {
    return this.mode !== 'edit' && this.draft.offered;
  }

  get step(): LoadedStep {
    return stepById(this.flow, this.stepId);
  }

  /**
   * Something typed and not yet sent (what discarding would lose): the data differs from what the
   * flow opened with (nothing, or the order). A form's defaults and step actions' answers are not typing.
   */
  get dirty(): boolean {
    return this.result === null && this.userChanges(this.opened).length > 0;
  }

  /**
   * Edit mode: every field the user changed, old → new, labelled from the schema titles. What the
   * server fills in through step actions (their `into` paths) is not the user's change: each answer
   * is written into the baseline too (applyAnswer), so only a later change of the user's differs.
   */
  get changes(): FieldChange[] {
    return this.mode === 'edit' && this.original ? this.userChanges(this.original) : [];
  }

  private userChanges(from: FlowData): FieldChange[] {
    // What an action filled is in `from` too (applyAnswer), so only the user's own changes differ.
    return diffFlowData(from, this.data, this.dataSchema);
  }

  /** An edit with nothing changed: its submit is refused. */
  get unchanged(): boolean {
    return this.mode === 'edit' && this.changes.length === 0;
  }

  /**
   * A widget's own check of the field at `path` (e.g. the server refused a listed chassis): Next
   * refuses while it reports problems on the current step, as it does for a rule's. Returns the
   * unregistering function (a widget's unmount).
   */
  addFieldCheck(path: string, check: FieldCheck): () => void {
    this.fieldChecks.set(path, check);
    return () => {
      if (this.fieldChecks.get(path) === check) this.fieldChecks.delete(path);
    };
  }

  /** Per-item error rules over the array at `path`, as the data stands: widgets show these as typed. */
  itemErrors(path: string): Map<number, string[]> {
    return itemErrorsOf(this.step, this.stepData(this.step), this.limits, path);
  }

  /** The submit body: every request step's groups plus the answered rule ids. */
  get submitBody(): Record<string, unknown> {
    const keys = requestSteps(this.flow).flatMap(sectionsOf);
    return { ...pick(this.data, keys), [ACKNOWLEDGED_FIELD]: this.answers.ruleIds() };
  }

  /** What the submit confirmation lists: each summary rule's line, under its field's title. */
  get submitSummary(): { note: string; message: string }[] {
    return evaluateRules(this.flow.summaryRules, this.data, this.limits).map((v) => ({
      note: `${titleAt(this.dataSchema, v.field)}:`,
      message: v.message,
    }));
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
    if (this.keyUsed) {
      this.idempotencyKey = this.newKey();
      this.keyUsed = false;
    }
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
      for (const q of questions) {
        if (q.kind !== 'confirm' || this.answers.ticked.has(q.ruleId)) continue;
        if (!(await this.services.confirm(q.message))) return false;
        runInAction(() => this.answers.ticked.add(q.ruleId));
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
      this.answers.serverQuestions = [];
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

  /**
   * SPEC §5: asks first, then posts once; a second call while one runs is ignored. An edit goes to
   * the flow's edit.update.url with the order's id and the Version it was opened at; an unchanged
   * edit is refused before anything is asked.
   */
  async submit(): Promise<boolean> {
    if (this.busy || this.submitting || this.step.kind !== 'review') return false;
    if (this.unchanged) {
      runInAction(() => {
        this.submitMessage = this.services.messages.nothingChanged;
      });
      return false;
    }
    runInAction(() => {
      this.busy = true;
    });
    const ok = await this.services.confirm(`Do you want to submit this ${this.flow.title.toLowerCase()}?`, {
      okText: 'Submit',
      notes: this.submitSummary,
    });
    runInAction(() => {
      this.busy = ok;
      this.submitting = ok;
      this.submitMessage = null;
      this.keyUsed = ok || this.keyUsed;
    });
    if (!ok) return false;
    try {
      const update = this.mode === 'edit' ? this.flow.edit?.update : undefined;
      const { editing } = this;
      const [url, body] =
        update && editing
          ? [
              update.url,
              {
                ...this.submitBody,
                [ORDER_ID_FIELD]: editing.BookingOrderId,
                [VERSION_FIELD]: editing.Version,
              },
            ]
          : [this.flow.submit.url, this.submitBody];
      const result = await this.services.submit(url, body, this.idempotencyKey);
      runInAction(() => {
        this.result = result;
        this.history = [];
        this.stepId = stepOfKind(this.flow, 'confirm').id;
      });
      // The saved draft is a new request's; an edit never touched it.
      if (this.mode !== 'edit') this.draft.drop();
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

  /**
   * Back to Dashboard: asks only when something is typed and not sent. A new request's work stays
   * as its draft (offered when the user comes back); an edit's changes are left unsaved.
   */
  async leave(): Promise<boolean> {
    if (this.busy) return false;
    if (!this.dirty) return true;
    const { title, message } =
      this.mode === 'edit' ? this.services.messages.leaveEdit : this.services.messages.leaveRequest;
    return this.services.confirm(message, { title, okText: 'Leave', cancelText: 'Stay' });
  }

  /**
   * SPEC §5: discard asks for confirmation, but only when there is something to lose. In edit mode
   * it puts the order back as it was opened; otherwise it starts a fresh request.
   */
  async discard(): Promise<boolean> {
    if (this.busy) return false;
    if (this.dirty && !(await this.services.confirm(this.services.messages.cancelChanges))) return false;
    const original = this.mode === 'edit' ? this.original : null;
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
    this.openTicket++; // an order still loading no longer lands here
    this.actions.reset(); // nor does an action's answer
    Object.assign(this, {
      mode: 'new',
      editing: null,
      original: null,
      opened: this.startingData(),
      opening: false,
      openError: null,
      conflict: null,
      stepId: this.flow.steps[0]?.id ?? '',
      data: this.startingData(),
      fieldErrors: [],
      result: null,
      submitMessage: null,
      focusedSection: null,
      history: [],
      revalidate: false,
      keyUsed: false,
      idempotencyKey: this.newKey(),
    });
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

  /**
   * Opens an existing order through the flow's edit.load template: 'edit' edits it (its `$edit`
   * parts included, submit goes to edit.update), 'load' starts a new request prefilled from it
   * (Load Booking). False, with `openError` set, when it cannot be opened.
   */
  async open(orderId: number, mode: 'edit' | 'load'): Promise<boolean> {
    this.reset();
    const ticket = this.openTicket;
    const edit = this.flow.edit;
    runInAction(() => {
      this.mode = mode;
      this.opening = true;
    });
    // Not opened: what stays is a fresh new request (never an edit without its order), with the reason.
    const fail = (message: string) => {
      runInAction(() => {
        this.mode = 'new';
        this.opening = false;
        this.openError = message;
      });
      return false;
    };
    if (!edit || (mode === 'edit' && !edit.update)) return fail(this.services.messages.notEditable);
    let order: OpenedOrder;
    try {
      order = await this.services.loadOrder(orderId, edit.open);
    } catch (e) {
      return ticket === this.openTicket && fail(e instanceof Error ? e.message : String(e));
    }
    if (ticket !== this.openTicket) return false;
    if (mode === 'edit' && order.CanEdit === false) return fail(this.services.messages.notEditable);
    const editing = mode === 'edit' ? { BookingOrderId: order.BookingOrderId, Version: order.Version } : null;
    const data = applyObject(edit.load, order, { edit: mode === 'edit', order: editing });
    runInAction(() => {
      this.editing = editing;
      this.original = editing ? data : null;
      this.opened = data;
      this.data = data;
      this.opening = false;
      // Load Booking starts new work from an order: the saved draft's offer ends (its next save replaces it).
      if (mode === 'load') this.draft.withdraw();
    });
    this.actions.trigger();
    return true;
  }

  /** After a 409: opens the order again as it now is (the user's changes are dropped). */
  async reloadOrder(): Promise<boolean> {
    const id = this.editing?.BookingOrderId;
    return id === undefined ? false : this.open(id, 'edit');
  }

  /** Runs a step action now (its button); see ActionRunner.run. */
  runAction(id: string): Promise<boolean> {
    return this.actions.run(id);
  }

  /** Ids of the step actions whose call is under way (a progress indicator each). */
  get runningActions(): ReadonlySet<string> {
    return this.actions.running;
  }

  /** The last failure of each step action, by action id. */
  get actionErrors(): Readonly<Record<string, string>> {
    return this.actions.errors;
  }

  private get templateContext(): TemplateContext {
    return { edit: this.mode === 'edit', order: this.editing ? { ...this.editing } : null };
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
      if (this.original) this.original = setPath(this.original, path, value);
      if (deepEqual(getPath(this.data, path), value)) continue;
      this.data = setPath(this.data, path, value);
      this.dataChanged(path);
      changed = true;
    }
    if (!changed) return;
    if (!this.draft.offered) this.saveDraft();
    this.actions.trigger();
  }

  dropDraft(): void {
    this.draft.drop();
  }

  /** A refused submit: its problems go onto the fields, and back to the step that owns the first. */
  private refused(e: unknown): void {
    const failure = FlowSubmitError.from(e);
    if (failure.status === ORDER_CHANGED_STATUS) {
      this.conflict = failure.message; // the whole edit is stale: reloadOrder() is the way on
      return;
    }
    this.submitMessage = failure.message;
    this.fieldErrors = [...failure.errors];
    this.answers.refused(failure.unanswered);
    const first = [...failure.errors, ...failure.unanswered][0];
    if (first) this.goToSection(first.field.split('.')[0] ?? '');
  }

  private check(step: LoadedStep) {
    const result = checkStep(step, this.stepData(step), this.validate, this.limits);
    const sections = sectionsOf(step);
    const widgets = [...this.fieldChecks]
      .filter(([path]) => sections.some((section) => isUnder(path, section)))
      .flatMap(([, check]) => check());
    return widgets.length > 0 ? { ...result, errors: [...result.errors, ...widgets] } : result;
  }

  /** The data of a step's groups (what its schema and rules see). */
  stepData(step: LoadedStep) {
    return pick(this.data, sectionsOf(step));
  }

  /** Edit mode keeps no draft: the order itself is the saved state, and a new request's draft stays untouched. */
  private saveDraft(): void {
    if (this.mode !== 'edit' && this.dirty) this.draft.save(this.stepId, this.data);
  }

  /**
   * A new request started by a link from another screen: the flow's `prefill` parameters found in
   * the query become starting values (typed as their fields are; a value that does not fit its
   * field is left out, for the form to ask).
   */
  startFrom(query: Readonly<Record<string, string>>): void {
    this.reset();
    for (const [path, value] of prefilledValues(this.flow.prefill, this.dataSchema, query)) {
      this.data = setPath(this.data, path, value);
      this.opened = setPath(this.opened, path, value);
    }
  }

  /**
   * The starting values may arrive after the store (the user's details load once per session): a
   * new request with nothing typed in takes them then.
   */
  refreshStartingData(): void {
    if (this.mode !== 'new' || this.dirty || this.result !== null) return;
    const start = this.startingData();
    for (const [path, value] of Object.entries(flatten(start))) {
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

  private newKey(): string {
    return this.services.newKey?.() ?? newUuid();
  }
}
