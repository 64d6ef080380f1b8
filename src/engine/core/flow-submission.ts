/**
 * A flow's submit (SPEC §5): asks first, then posts once with an idempotency key, and keeps the
 * result or the server's message. The first change of data after a post needs a fresh key. The
 * FlowStore owns one as `store.submission`.
 */
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { ACKNOWLEDGED_FIELD, requestSteps } from './check-data';
import type { FlowAnswers } from './flow-answers';
import { titleAt } from './flow-changes';
import { type FlowData, newUuid, pick } from './flow-data';
import type { FlowOrder } from './flow-order';
import { type FlowStoreServices, FlowSubmitError, type FlowSubmitResult } from './flow-services';
import { sectionsOf } from './flow-steps';
import type { LoadedFlow, LoadedStep } from './load';
import { evaluateRules, type Limits } from './rules';
import type { JsonSchema } from './types';

/** The server's answer to an update sent with a stale Version. */
const ORDER_CHANGED_STATUS = 409;

/** What the submission reads of the store. */
export interface SubmissionHost {
  readonly flow: LoadedFlow;
  readonly step: LoadedStep;
  readonly data: FlowData;
  readonly dataSchema: JsonSchema;
  readonly limits: Limits;
  readonly answers: FlowAnswers;
  readonly order: FlowOrder;
  readonly services: Pick<FlowStoreServices, 'submit' | 'confirm' | 'messages' | 'newKey'>;
  /** A confirmation is open (for Next or Submit): the submit waits its turn, and holds it while it runs. */
  busy: boolean;
}

/** What the store does with the outcome. */
export interface SubmissionOutcome {
  /** Posted: the confirm step shows the result. */
  posted(): void;
  /** The server refused: its problems go onto the fields. */
  refused(failure: FlowSubmitError): void;
}

export class FlowSubmission {
  submitting = false;
  result: FlowSubmitResult | null = null;
  /** The server's message when a submit failed, or why it was not sent. */
  message: string | null = null;
  idempotencyKey: string;
  /** The key was used by a post; the next change of data needs a fresh one. */
  private keyUsed = false;

  constructor(
    private readonly host: SubmissionHost,
    private readonly outcome: SubmissionOutcome,
  ) {
    this.idempotencyKey = this.newKey();
    makeObservable(this, {
      submitting: observable,
      result: observableRef,
      message: observable,
      idempotencyKey: observable,
      clear: action,
      dataChanged: action,
    });
  }

  /** The submit body: every request step's groups plus the answered rule ids. */
  get body(): Record<string, unknown> {
    const keys = requestSteps(this.host.flow).flatMap(sectionsOf);
    return { ...pick(this.host.data, keys), [ACKNOWLEDGED_FIELD]: this.host.answers.ruleIds() };
  }

  /** What the submit confirmation lists: each summary rule's line, under its field's title. */
  get summary(): { note: string; message: string }[] {
    const { flow, data, limits, dataSchema } = this.host;
    return evaluateRules(flow.summaryRules, data, limits).map((v) => ({
      note: `${titleAt(dataSchema, v.field)}:`,
      message: v.message,
    }));
  }

  /**
   * SPEC §5: asks first, then posts once; a second call while one runs is ignored. An edit goes to
   * the flow's edit.update.url with the order's id and the Version it was opened at; an unchanged
   * edit is refused before anything is asked.
   */
  async submit(): Promise<boolean> {
    const { host } = this;
    if (host.busy || this.submitting || host.step.kind !== 'review') return false;
    if (host.order.unchanged) {
      runInAction(() => {
        this.message = host.services.messages.nothingChanged;
      });
      return false;
    }
    runInAction(() => {
      host.busy = true;
    });
    const ok = await host.services.confirm(`Do you want to submit this ${host.flow.title.toLowerCase()}?`, {
      okText: 'Submit',
      notes: this.summary,
    });
    runInAction(() => {
      host.busy = ok;
      this.submitting = ok;
      this.message = null;
      this.keyUsed = ok || this.keyUsed;
    });
    if (!ok) return false;
    try {
      const { url, body } = host.order.submitTarget(this.body);
      const result = await host.services.submit(url, body, this.idempotencyKey);
      runInAction(() => {
        this.result = result;
        this.outcome.posted();
      });
      return true;
    } catch (e) {
      runInAction(() => this.refusedBy(FlowSubmitError.from(e)));
      return false;
    } finally {
      runInAction(() => {
        host.busy = false;
        this.submitting = false;
      });
    }
  }

  /** After any change of the data: a key a post used is not used again. */
  dataChanged(): void {
    if (!this.keyUsed) return;
    this.idempotencyKey = this.newKey();
    this.keyUsed = false;
  }

  /** Before a fresh request: nothing sent, a new key. */
  clear(): void {
    Object.assign(this, { result: null, message: null, keyUsed: false, idempotencyKey: this.newKey() });
  }

  private refusedBy(failure: FlowSubmitError): void {
    if (failure.status === ORDER_CHANGED_STATUS) {
      this.host.order.changed(failure.message); // the whole edit is stale: order.reload() is the way on
      return;
    }
    this.message = failure.message;
    this.outcome.refused(failure);
  }

  private newKey(): string {
    return this.host.services.newKey?.() ?? newUuid();
  }
}
