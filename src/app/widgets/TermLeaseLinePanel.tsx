/**
 * One contract line of the term lease line items (SPEC §3, §4 Term lease booking): a collapsible
 * panel with the line's sums and its booked items, one row each — a location of the line and a
 * count; in edit mode an existing booking is cancelled (CancelBooking) or swapped to another
 * location (IsSwapBooking), never removed.
 *
 * A contract may show 20 lines × 25 items (bench/chromium/term-lease-lines.bench.ts), so every
 * part here is a plain element styled by term-lease-lines.css, and each part observes only what it
 * shows: a count typed re-renders its row, its line's sums and the fees; an availability answer
 * re-renders the rows whose figure changed.
 */
import { observer } from 'mobx-react-lite';
import { memo } from 'react';
import type { TermBookedItem } from '../../domain/term-lease';
import { money, nameOf } from './term-lease-format';
import type { LineModel, LinesModel } from './term-lease-lines-model';
import './term-lease-lines.css';

/** What a row or a panel asks of the widget: a count typed (handed to the form at a pause), or any other change (at once). */
export interface Edits {
  model: LinesModel;
  changed: (typing: boolean) => void;
  /** Hands a count still waiting for the pause to the form now. */
  flush: () => void;
}

const statusLabel = (item: TermBookedItem) =>
  item.BookingId === undefined ? 'New' : (item.BookingStatusCode ?? 'New');

interface ItemRowProps {
  line: LineModel;
  item: TermBookedItem;
  index: number;
  /** Units available at the item's location, once the availability answer names it. */
  available: number | undefined;
  /** The line's free locations, for a row whose location may still be picked (else empty). */
  free: readonly number[];
  names: Map<number, string>;
  disabled: boolean;
  edits: Edits;
}

const NO_LOCATIONS: readonly number[] = [];

/** Whether a row offers a location select: a new item, or a swap of an existing one. */
const canPick = (item: TermBookedItem) =>
  item.BookingId === undefined || (!!item.IsSwapBooking && !item.CancelBooking);

/*
 * A row is a memo of plain props (ItemRows reads the observables): a count typed re-renders this
 * row only; mounting 500 rows creates no per-row observer.
 */
const ItemRow = memo(function ItemRow(props: ItemRowProps) {
  const { line, item, index, available, free, names, disabled, edits } = props;
  const lineId = line.line.EquipmentLineID;
  const existing = item.BookingId !== undefined;
  const open = !existing || item.BookingStatusCode === 'OP' || item.BookingStatusCode === 'PN';
  const label = `Line ${lineId} location ${index + 1}`;
  const set = (next: TermBookedItem, typing = false) => {
    edits.model.setItem(line, index, next);
    edits.changed(typing);
  };
  return (
    <tr data-testid="booked-item" className="tl-item">
      <td>
        {canPick(item) ? (
          <select
            aria-label={`${label}: location`}
            className="tl-select"
            disabled={disabled}
            value={item.LocationId ?? ''}
            onChange={(e) =>
              set({ ...item, LocationId: e.target.value ? Number(e.target.value) : undefined })
            }
          >
            <option value="">Choose a location</option>
            {/* A location select for a new item, or for a swap: the line's free locations plus its own. */}
            {[...new Set([...(item.LocationId !== undefined ? [item.LocationId] : []), ...free])].map(
              (id) => (
                <option key={id} value={id}>
                  {nameOf(names, id)}
                </option>
              ),
            )}
          </select>
        ) : (
          nameOf(names, item.LocationId)
        )}
      </td>
      <td>
        <input
          type="number"
          min={1}
          aria-label={`${label}: units`}
          className="tl-units"
          disabled={disabled || item.CancelBooking || !open || item.IsSwapBooking}
          value={item.UnitsRequestedCount ?? ''}
          onChange={(e) =>
            set(
              { ...item, UnitsRequestedCount: e.target.value === '' ? undefined : Number(e.target.value) },
              true,
            )
          }
        />
      </td>
      <td>{available ?? '—'}</td>
      <td>
        {`${item.BookingCode ?? ''} `}
        <span className="tl-badge">{statusLabel(item)}</span>
      </td>
      <td>
        {existing ? (
          <span className="tl-choices">
            {(open || item.BookingStatusCode === 'CN') && (
              <label>
                <input
                  type="checkbox"
                  checked={!!item.CancelBooking}
                  disabled={disabled}
                  onChange={(e) =>
                    set({
                      ...item,
                      CancelBooking: e.target.checked,
                      IsSwapBooking: false,
                      LocationId: item.OriginalLocationId ?? item.LocationId,
                    })
                  }
                />
                {' Cancel booking'}
              </label>
            )}
            {open && !item.CancelBooking && (
              <label>
                <input
                  type="checkbox"
                  checked={!!item.IsSwapBooking}
                  disabled={disabled}
                  onChange={(e) =>
                    set({
                      ...item,
                      IsSwapBooking: e.target.checked,
                      LocationId: item.OriginalLocationId ?? item.LocationId,
                      UnitsRequestedCount: item.OriginalUnitsRequestedCount ?? item.UnitsRequestedCount,
                    })
                  }
                />
                {' Swap'}
              </label>
            )}
          </span>
        ) : (
          <button
            type="button"
            className="tl-remove"
            disabled={disabled}
            onClick={() => {
              edits.model.removeItem(line, index);
              edits.changed(false);
            }}
          >
            Remove {label}
          </button>
        )}
      </td>
    </tr>
  );
});

/**
 * The line's rows: reads each item, its availability and the line's free locations, and hands
 * them to the memoised rows — a change re-renders this list and the one row whose props changed.
 */
const ItemRows = observer(function ItemRows(
  props: Omit<ItemRowProps, 'item' | 'index' | 'available' | 'free'>,
) {
  const { line, edits } = props;
  const lineId = line.line.EquipmentLineID;
  return line.items.map((entry, i) => {
    const item = entry.item;
    return (
      <ItemRow
        {...props}
        key={entry.key}
        item={item}
        index={i}
        available={edits.model.availableAt(lineId, item.LocationId)}
        free={canPick(item) ? line.free : NO_LOCATIONS}
      />
    );
  });
});

/** The line's sums: re-rendered by a count typed on the line, nothing else of the panel is. */
const LineSums = observer(function LineSums({ line }: { line: LineModel }) {
  const l = line.line;
  const selected = line.selected;
  return (
    <p className="tl-sums" data-testid={`line-${l.EquipmentLineID}-sums`}>
      Quantity {l.Quantity ?? '—'} · booked on other orders {l.BookedQuantity ?? 0} · selected{' '}
      <strong>{selected}</strong>
      {l.OrigSelectedQuantity !== undefined && l.OrigSelectedQuantity !== selected
        ? ` (was ${l.OrigSelectedQuantity})`
        : ''}{' '}
      · {money(l.DailyRate ?? 0)}/day
      {l.AdditionalOnHireAllowed ? ' · additional on-hire allowed' : ''}
    </p>
  );
});

const OverAvailable = observer(function OverAvailable({ line }: { line: LineModel }) {
  return line.plain.OverAvailable ? (
    <span className="tl-over">More than available: Next asks whether to proceed</span>
  ) : null;
});

/*
 * Heights in px of a panel's parts as term-lease-lines.css draws them, for the height an
 * off-screen panel states before it is drawn (contain-intrinsic-size).
 */
const PANEL_HEAD = 62;
const TABLE_HEAD = 45;
const ITEM_ROW = 35;
const ADD_SELECT = 44;

function estimatedHeight(collapsed: boolean | undefined, items: number): number {
  if (collapsed) return PANEL_HEAD;
  return PANEL_HEAD + (items > 0 ? TABLE_HEAD + items * ITEM_ROW : 0) + ADD_SELECT;
}

interface LinePanelProps {
  line: LineModel;
  names: Map<number, string>;
  /** "Line 67: 48' Chassis Standard in CHI – Chicago". */
  title: string;
  disabled: boolean;
  edits: Edits;
}

export const LinePanel = observer(function LinePanel({
  line,
  names,
  title,
  disabled,
  edits,
}: LinePanelProps) {
  const l = line.line;
  const panelId = `term-line-${l.EquipmentLineID}`;
  const free = line.free;
  return (
    <section
      aria-label={title}
      className="tl-panel"
      style={{ containIntrinsicSize: `auto ${estimatedHeight(l.IsCollapsed, line.items.length)}px` }}
    >
      <div className="tl-panel-head">
        <button
          type="button"
          className="tl-toggle"
          aria-expanded={!l.IsCollapsed}
          aria-controls={panelId}
          onClick={() => {
            edits.model.setCollapsed(line, !l.IsCollapsed);
            edits.changed(false);
          }}
        >
          {l.IsCollapsed ? '▸' : '▾'} {title}
        </button>
        <LineSums line={line} />
      </div>
      <OverAvailable line={line} />
      {!l.IsCollapsed && (
        <div id={panelId} className="tl-panel-body">
          {line.items.length > 0 && (
            <table className="tl-table" aria-label={`${title}: booked locations`}>
              <thead>
                <tr>
                  <th>Location</th>
                  <th>Units</th>
                  <th>Available</th>
                  <th>Booking</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                <ItemRows line={line} names={names} disabled={disabled} edits={edits} />
              </tbody>
            </table>
          )}
          <select
            aria-label={`Line ${l.EquipmentLineID}: add a location`}
            className="tl-add"
            disabled={disabled || free.length === 0}
            value=""
            onChange={(e) => {
              if (!e.target.value) return;
              edits.model.addItem(line, { LocationId: Number(e.target.value), UnitsRequestedCount: 1 });
              edits.changed(false);
            }}
          >
            <option value="">
              {free.length ? 'Add a location…' : 'Every location of the line is booked'}
            </option>
            {free.map((id) => (
              <option key={id} value={id}>
                {nameOf(names, id)}
              </option>
            ))}
          </select>
        </div>
      )}
    </section>
  );
});
