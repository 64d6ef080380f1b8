/**
 * The existing order a flow works on (SPEC §4 Edit and Load Booking): none for a new request; an
 * order opened for edit, whose submit updates it at the Version it was opened at; or an order
 * opened as the start of a new request. The FlowStore owns one as `store.order`.
 */
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { applyObject, type TemplateContext } from './data-template';
import { diffFlowData, type FieldChange } from './flow-changes';
import { type FlowData, setPath } from './flow-data';
import type { FlowStoreServices, OpenedOrder } from './flow-services';
import type { LoadedFlow } from './load';
import type { JsonSchema } from './types';

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

/** What the order reads of the store. */
export interface OrderHost {
  readonly flow: LoadedFlow;
  readonly services: Pick<FlowStoreServices, 'loadOrder' | 'messages'>;
  readonly data: FlowData;
  /** The request steps' schemas as one: the change labels. */
  readonly dataSchema: JsonSchema;
  /** A fresh new request, before an order is opened into it. */
  reset(): void;
}

export class FlowOrder {
  mode: FlowMode = 'new';
  editing: EditedOrder | null = null;
  /** Edit mode: the flow data as the order was opened, what `changes` compares against. */
  original: FlowData | null = null;
  /** An order is being loaded (open()). */
  opening = false;
  /** Why the order could not be opened (the central error message, or that it is not editable). */
  openError: string | null = null;
  /** The 409 message: the order changed since it was opened; reload() starts over from it. */
  conflict: string | null = null;
  /** Each open() and each clear() takes a ticket; an order whose ticket is no longer current is stale. */
  private ticket = 0;

  constructor(
    private readonly host: OrderHost,
    /** The opened order's data becomes the flow's, and what "something to lose" is measured against. */
    private readonly take: (data: FlowData, mode: 'edit' | 'load') => void,
  ) {
    makeObservable(this, {
      mode: observable,
      editing: observableRef,
      original: observableRef,
      opening: observable,
      openError: observable,
      conflict: observable,
      changes: computed,
      unchanged: computed,
      clear: action,
      keepAnswer: action,
      changed: action,
    });
  }

  /**
   * Edit mode: every field the user changed, old → new, labelled from the schema titles. What the
   * server fills in through step actions is written into `original` too (keepAnswer), so only a
   * later change of the user's differs.
   */
  get changes(): FieldChange[] {
    return this.mode === 'edit' && this.original
      ? diffFlowData(this.original, this.host.data, this.host.dataSchema)
      : [];
  }

  /** An edit with nothing changed: its submit is refused. */
  get unchanged(): boolean {
    return this.mode === 'edit' && this.changes.length === 0;
  }

  /** What a flow file's templates see of the order (`$edit`, `$order`). */
  get templateContext(): TemplateContext {
    return { edit: this.mode === 'edit', order: this.editing ? { ...this.editing } : null };
  }

  /** Back to a new request; an order still loading no longer lands. */
  clear(): void {
    this.ticket++;
    Object.assign(this, {
      mode: 'new',
      editing: null,
      original: null,
      opening: false,
      openError: null,
      conflict: null,
    });
  }

  /**
   * Opens an existing order through the flow's edit.load template: 'edit' edits it (its `$edit`
   * parts included, submit goes to edit.update), 'load' starts a new request prefilled from it
   * (Load Booking). False, with `openError` set, when it cannot be opened.
   */
  async open(orderId: number, mode: 'edit' | 'load'): Promise<boolean> {
    const { host } = this;
    host.reset();
    const ticket = this.ticket;
    const edit = host.flow.edit;
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
    const { messages } = host.services;
    if (!edit || (mode === 'edit' && !edit.update)) return fail(messages.notEditable);
    let order: OpenedOrder;
    try {
      order = await host.services.loadOrder(orderId, edit.open);
    } catch (e) {
      return ticket === this.ticket && fail(e instanceof Error ? e.message : String(e));
    }
    if (ticket !== this.ticket) return false;
    if (mode === 'edit' && order.CanEdit === false) return fail(messages.notEditable);
    const editing = mode === 'edit' ? { BookingOrderId: order.BookingOrderId, Version: order.Version } : null;
    const data = applyObject(edit.load, order, { edit: mode === 'edit', order: editing });
    runInAction(() => {
      this.editing = editing;
      this.original = editing ? data : null;
      this.opening = false;
      this.take(data, mode);
    });
    return true;
  }

  /** After a 409: opens the order again as it now is (the user's changes are dropped). */
  async reload(): Promise<boolean> {
    const id = this.editing?.BookingOrderId;
    return id === undefined ? false : this.open(id, 'edit');
  }

  /** A step action's answer is the server's, not the user's: no change of the edit. */
  keepAnswer(path: string, value: unknown): void {
    if (this.original) this.original = setPath(this.original, path, value);
  }

  /** The server refused the update: the order changed since it was opened. */
  changed(message: string): void {
    this.conflict = message;
  }

  /** Where the submit goes and what it sends: an edit updates its order at the Version it was opened at. */
  submitTarget(body: Record<string, unknown>): { url: string; body: Record<string, unknown> } {
    const update = this.mode === 'edit' ? this.host.flow.edit?.update : undefined;
    const { editing } = this;
    if (!update || !editing) return { url: this.host.flow.submit.url, body };
    return {
      url: update.url,
      body: { ...body, [ORDER_ID_FIELD]: editing.BookingOrderId, [VERSION_FIELD]: editing.Version },
    };
  }
}
