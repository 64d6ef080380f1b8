import type { AxiosInstance } from 'axios';
import { action, computed, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import type {
  AvailabilityResponse,
  AvailabilityRow,
  TrendResponse,
} from '../../schemas/inventory-availability';
import { isApiError } from '../api/errors';
import { stampOf } from '../components/freshness';
import { filenameFromDisposition, saveBlob } from '../dashboard/download';
import type { HubEvent } from '../hub/HubStore';
import { pageStore } from '../stores/page-stores';

export const AVAILABILITY_FIELDS = [
  'InventoryOrgCode',
  'MarketCode',
  'LocationId',
  'EquipmentSize',
  'EquipmentClass',
  'Extendable',
] as const;
export type AvailabilityField = (typeof AVAILABILITY_FIELDS)[number];
const EMPTY: Record<AvailabilityField, string> = {
  InventoryOrgCode: '',
  MarketCode: '',
  LocationId: '',
  EquipmentSize: '',
  EquipmentClass: '',
  Extendable: 'All',
};

/** Bursts of changes (an accept of several requests) are read once, well inside the second the issue allows. */
export const LIVE_REFRESH_DELAY_MS = 150;

export interface InventoryAvailabilityDeps {
  api: AxiosInstance;
  session: { readonly token: string | null };
  hub: {
    connect(): void;
    subscribe(listener: (event: HubEvent) => void): () => void;
    readonly state: string;
  };
  save?: (blob: Blob, filename: string) => void;
}

/** One location's numbers over the sizes shown, for the bars. */
export interface LocationBar {
  LocationName: string;
  Available: number;
  Held: number;
  Reserved: number;
}

/**
 * Inventory availability: the rows per location and size, the bars per location and the weekly
 * line per market, kept live — every hub message (a booking, cancel, acceptance, reservation or
 * count anywhere) reads the numbers again, and a reconnect does too, since messages may have been
 * missed; the freshness stamp is the server's instant of the last read.
 */
export class InventoryAvailabilityStore {
  filter: Record<AvailabilityField, string> = { ...EMPTY };
  applied: Record<AvailabilityField, string> | null = null;
  rows: AvailabilityRow[] = [];
  trend: TrendResponse | null = null;
  asOf: string | null = null;
  loading = false;
  error: string | null = null;
  exporting = false;
  /** How many reads the hub has caused (the page shows none of it; tests and the bench read it). */
  liveReads = 0;
  private request = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly save: (blob: Blob, filename: string) => void;

  constructor(private readonly deps: InventoryAvailabilityDeps) {
    this.save = deps.save ?? saveBlob;
    makeObservable(this, {
      filter: observable,
      applied: observableRef,
      rows: observableRef,
      trend: observableRef,
      asOf: observable,
      loading: observable,
      error: observable,
      exporting: observable,
      liveReads: observable,
      bars: computed,
      stamp: computed,
      setFilter: action,
      reset: action,
    });
    deps.hub.subscribe((event) => this.onHub(event));
    reaction(
      () => deps.session.token,
      (token) => {
        if (!token) this.reset();
      },
    );
  }

  /** The freshness stamp: "as of 10:42:07". */
  get stamp(): string | null {
    return this.asOf ? `as of ${stampOf(this.asOf)}` : null;
  }

  /** Per location, summed over the sizes shown: available vs held vs reserved (the bars). */
  get bars(): LocationBar[] {
    const by = new Map<number, LocationBar>();
    for (const r of this.rows) {
      const bar = by.get(r.LocationId) ?? {
        LocationName: r.LocationName,
        Available: 0,
        Held: 0,
        Reserved: 0,
      };
      bar.Available += r.Available;
      bar.Held += r.Held;
      bar.Reserved += r.Reserved;
      by.set(r.LocationId, bar);
    }
    return [...by.values()];
  }

  setFilter(field: AvailabilityField, value: string): void {
    this.filter[field] = value;
    if (field === 'MarketCode') this.filter.LocationId = '';
  }

  /** Opens the screen: the hub connection (kept across pages) and the first read. */
  open(defaultMarket?: string): Promise<boolean> {
    this.deps.hub.connect();
    if (!this.filter.MarketCode && !this.filter.LocationId && defaultMarket)
      runInAction(() => this.setFilter('MarketCode', defaultMarket));
    if (this.applied) return this.load(this.applied, { quiet: true });
    if (!this.filter.MarketCode && !this.filter.LocationId) return Promise.resolve(false);
    return this.search();
  }

  search(): Promise<boolean> {
    return this.load({ ...this.filter }, { quiet: false });
  }

  private body(filter: Record<AvailabilityField, string>) {
    const body: Record<string, string | number> = { Extendable: filter.Extendable || 'All' };
    for (const f of ['InventoryOrgCode', 'MarketCode', 'EquipmentSize', 'EquipmentClass'] as const)
      if (filter[f]) body[f] = filter[f];
    if (filter.LocationId) body.LocationId = Number(filter.LocationId);
    return body;
  }

  private async load(
    filter: Record<AvailabilityField, string>,
    { quiet }: { quiet: boolean },
  ): Promise<boolean> {
    const id = ++this.request;
    if (!quiet)
      runInAction(() => {
        this.loading = true;
        this.error = null;
      });
    const body = this.body(filter);
    const trendBody: Record<string, string | number> = {};
    for (const f of ['MarketCode', 'EquipmentSize', 'EquipmentClass'] as const)
      if (filter[f]) trendBody[f] = filter[f];
    try {
      // A live read that fails is quiet: the numbers on screen stay, with their older stamp.
      const options = quiet ? { silent: true } : {};
      const [table, trend] = await Promise.all([
        this.deps.api.post<AvailabilityResponse>('/inventoryavailability/search', body, options),
        this.deps.api.post<TrendResponse>('/inventoryavailability/trend', trendBody, options),
      ]);
      if (id !== this.request) return false;
      runInAction(() => {
        this.applied = filter;
        this.rows = table.data.Rows;
        this.asOf = table.data.AsOf;
        this.trend = trend.data;
        this.error = null;
      });
      return true;
    } catch (e) {
      if (!quiet && id === this.request)
        runInAction(() => {
          this.error = isApiError(e) ? e.message : 'The availability could not be read.';
        });
      return false;
    } finally {
      if (id === this.request)
        runInAction(() => {
          this.loading = false;
        });
    }
  }

  private onHub(event: HubEvent): void {
    if (!this.applied || !this.deps.session.token) return;
    if (event.kind === 'message' || event.kind === 'reconnected') {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        const applied = this.applied;
        if (!applied) return;
        runInAction(() => {
          this.liveReads += 1;
        });
        void this.load(applied, { quiet: true });
      }, LIVE_REFRESH_DELAY_MS);
    }
  }

  /** The table as the dashboard's spreadsheet format (.xlsx), under the server's file name. */
  async exportTable(): Promise<boolean> {
    const filter = this.applied;
    if (!filter || this.exporting) return false;
    runInAction(() => {
      this.exporting = true;
    });
    try {
      const res = await this.deps.api.post<Blob>('/inventoryavailability/downloadExcel', this.body(filter), {
        responseType: 'blob',
      });
      const header = res.headers['content-disposition'];
      this.save(
        res.data,
        filenameFromDisposition(typeof header === 'string' ? header : null) ?? 'availability.xlsx',
      );
      return true;
    } catch {
      return false; // shown by the central handling
    } finally {
      runInAction(() => {
        this.exporting = false;
      });
    }
  }

  reset(): void {
    this.request++;
    clearTimeout(this.timer);
    this.filter = { ...EMPTY };
    this.applied = null;
    this.rows = [];
    this.trend = null;
    this.asOf = null;
    this.loading = false;
    this.error = null;
    this.exporting = false;
  }
}

/** The inventory availability screen's store, made on its first use (page-stores.ts). */
export const inventoryAvailabilityStore = pageStore(
  (root) => new InventoryAvailabilityStore({ api: root.api, session: root.session, hub: root.hub }),
);
