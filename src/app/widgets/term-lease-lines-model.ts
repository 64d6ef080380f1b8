/**
 * The term lease line items as the widget edits them (issue 16 bench): one observable per booked
 * item and per line, so a keystroke re-renders the row it changed and the sums and fees that
 * depend on it — not every line, not RJSF's form. What the form holds (plain TermLineItem[]) is
 * derived (`lines`) and handed over by the widget when the user pauses or leaves the widget.
 */
import { action, computed, computedStruct, makeObservable, observable, observableRef } from 'mobx';
import {
  availableLocations,
  recalcLine,
  selectedQuantity,
  type TermBookedItem,
  type TermLineItem,
} from '../../domain/term-lease';

let nextKey = 1;

export class ItemModel {
  item: TermBookedItem;
  /** A row's React key: items have no id until booked. */
  readonly key = nextKey++;

  constructor(item: TermBookedItem) {
    this.item = item;
    makeObservable(this, { item: observableRef });
  }
}

export class LineModel {
  /** The line without its items (they are `items`); IsCollapsed changes here. */
  line: TermLineItem;
  readonly items = observable.array<ItemModel>([], { deep: false });

  constructor(
    line: TermLineItem,
    private readonly index: () => Map<string, number>,
  ) {
    this.line = line;
    this.items.replace(line.BookedItems.map((i) => new ItemModel(i)));
    makeObservable(this, {
      line: observableRef,
      booked: computed,
      selected: computed,
      free: computedStruct,
      plain: computed,
    });
  }

  get booked(): TermBookedItem[] {
    return this.items.map((i) => i.item);
  }

  get selected(): number {
    return selectedQuantity(this.booked);
  }

  /** The line's locations not booked yet (unchanged by a count: rows reading it stay as they are). */
  get free(): number[] {
    return availableLocations({ Locations: this.line.Locations, BookedItems: this.booked });
  }

  /** The line as the form holds it: SelectedQuantity, AvailableLocations, OverAvailable, IsEdit recalculated. */
  get plain(): TermLineItem {
    return recalcLine({ ...this.line, BookedItems: this.booked }, this.index());
  }
}

export class LinesModel {
  lines: LineModel[] = [];
  /** Units available per `${line}/${location}` (the availability action's answer), what the lines' sums read. */
  index: Map<string, number> = new Map();
  /**
   * The same figures as one observable entry per line and location: a line's rows read only
   * their own, so an answer re-renders the lines and rows whose figure changed, not every row.
   */
  readonly available = observable.map<string, number>([], { deep: false });

  constructor() {
    makeObservable(this, {
      lines: observableRef,
      index: observableRef,
      plain: computed,
      load: action,
      setIndex: action,
      setItem: action,
      removeItem: action,
      addItem: action,
      setCollapsed: action,
      setAllCollapsed: action,
    });
  }

  /** The lines as the form holds them. */
  get plain(): TermLineItem[] {
    return this.lines.map((l) => l.plain);
  }

  /** The form's lines replace ours (a contract chosen, an order opened, a discard). */
  load(lines: readonly TermLineItem[]): void {
    this.lines = lines.map((l) => new LineModel(l, () => this.index));
  }

  setIndex(index: Map<string, number>): void {
    if (index === this.index) return;
    this.index = index;
    for (const [key, units] of index) if (this.available.get(key) !== units) this.available.set(key, units);
    for (const key of [...this.available.keys()]) if (!index.has(key)) this.available.delete(key);
  }

  /** Units available at a line's location; undefined until the availability answer names it. */
  availableAt(line: number, location: number | undefined): number | undefined {
    return location === undefined ? undefined : this.available.get(`${line}/${location}`);
  }

  setItem(line: LineModel, at: number, item: TermBookedItem): void {
    const model = line.items[at];
    if (model) model.item = item;
  }

  removeItem(line: LineModel, at: number): void {
    line.items.splice(at, 1);
  }

  addItem(line: LineModel, item: TermBookedItem): void {
    line.items.push(new ItemModel(item));
  }

  setCollapsed(line: LineModel, collapsed: boolean): void {
    line.line = { ...line.line, IsCollapsed: collapsed };
  }

  setAllCollapsed(collapsed: boolean): void {
    for (const l of this.lines) this.setCollapsed(l, collapsed);
  }
}
