/**
 * Runs a flow's step actions for its FlowStore (docs/flows.md, step actions): builds each call from
 * the data, keeps which are under way and how each last failed, runs the automatic ones when their
 * `on` fields change, and drops answers that no longer fit the data.
 */
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { TemplateContext } from './data-template';
import { actionsOf, hasInputs, prepareCall } from './flow-actions';
import { labelOf } from './flow-changes';
import { deepEqual, type FlowData, getPath } from './flow-data';
import type { ActionCall } from './flow-services';
import type { LoadedFlow } from './load';
import type { JsonSchema, StepAction } from './types';

/** What the runner needs of its store. */
export interface ActionHost {
  readonly flow: LoadedFlow;
  /** The request steps' schemas as one: labels and required inputs. */
  readonly dataSchema: JsonSchema;
  data(): FlowData;
  context(): TemplateContext;
  /** The outside call; rejects with the central error message (SPEC §8). */
  request(call: ActionCall): Promise<unknown>;
  /** "Fill in {fields} first." */
  fillInFirst(): string;
  /** Merges an answer that still fits the data. */
  apply(action: StepAction, answer: unknown): void;
}

export class ActionRunner {
  /** Ids of the actions whose call is under way. */
  readonly running = observable.set<string>();
  /** The last failure of each action, by id. */
  errors: Readonly<Record<string, string>> = {};
  private tickets = 0;
  /** The ticket of each action's latest run; an answer with another ticket is stale. */
  private readonly latest = new Map<string, number>();
  /** The values of each automatic action's `on` paths when last looked at. */
  private readonly watched = new Map<string, unknown[]>();

  constructor(private readonly host: ActionHost) {
    makeObservable(this, { errors: observableRef, reset: action });
  }

  /**
   * Runs an action: the call built from the data (its `send` template, url placeholders). An answer
   * that arrives after the data it was asked for changed, or after a newer run of the same action,
   * is dropped. A failure is kept in `errors`; the host's request has already shown it.
   */
  async run(id: string): Promise<boolean> {
    const act = actionsOf(this.host.flow).find((a) => a.id === id);
    if (!act) return false;
    const prepared = prepareCall(act, this.host.data(), this.host.context());
    if (!prepared.call) {
      const fields = prepared.missing.map((p) => labelOf(this.host.dataSchema, p)).join(', ');
      this.setError(id, this.host.fillInFirst().replace('{fields}', fields));
      return false;
    }
    const ticket = ++this.tickets;
    this.latest.set(id, ticket);
    runInAction(() => this.running.add(id));
    this.setError(id, null);
    const current = () => this.latest.get(id) === ticket;
    try {
      const answer = await this.host.request(prepared.call);
      if (!current()) return false;
      const now = prepareCall(act, this.host.data(), this.host.context());
      if (!deepEqual(now.call, prepared.call)) return false; // asked for data that has changed since
      this.host.apply(act, answer);
      return true;
    } catch (e) {
      if (current()) this.setError(id, e instanceof Error ? e.message : String(e));
      return false;
    } finally {
      if (current()) runInAction(() => this.running.delete(id));
    }
  }

  /** Runs each automatic action whose `on` fields changed, once it has the inputs it needs. */
  trigger(): void {
    const data = this.host.data();
    for (const act of actionsOf(this.host.flow)) {
      if (!act.on || act.on.length === 0) continue;
      const values = act.on.map((p) => getPath(data, p));
      const before = this.watched.get(act.id) ?? act.on.map(() => undefined);
      this.watched.set(act.id, values);
      if (deepEqual(before, values)) continue;
      if (hasInputs(act, data, this.host.dataSchema)) void this.run(act.id);
    }
  }

  /** A fresh flow: nothing under way counts any more, nothing failed, nothing watched. */
  reset(): void {
    this.latest.clear();
    this.watched.clear();
    this.running.clear();
    this.errors = {};
  }

  private setError(id: string, message: string | null): void {
    runInAction(() => {
      const { [id]: _gone, ...rest } = this.errors;
      this.errors = message === null ? rest : { ...rest, [id]: message };
    });
  }
}
