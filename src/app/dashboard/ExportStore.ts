import type { AxiosInstance, AxiosProgressEvent } from 'axios';
import { action, makeObservable, observable } from 'mobx';
import { reduceErrorMessage } from '../../domain/messages';
import type { DashboardCriteria } from '../../schemas/dashboard';
import { isApiError } from '../api/errors';
import type { MessageStore } from '../stores/MessageStore';
import { filenameFromDisposition, formatBytes, saveBlob } from './download';

/**
 * SPEC §7: the export is CSV, the download to spreadsheet a real .xlsx; both stream every row. The
 * labels say which format each gives (issue 14).
 */
export const EXPORTS = {
  csv: { url: '/dashboard/export', label: 'Export (CSV)', fallbackName: 'dashboard.csv' },
  xlsx: { url: '/dashboard/downloadExcel', label: 'Download (Excel)', fallbackName: 'dashboard.xlsx' },
} as const;

/** Said on the page once a file is handed to the browser (issue 14: confirm the download). */
export const downloadedText = (filename: string): string => `Downloaded ${filename}.`;
export type ExportKind = keyof typeof EXPORTS;

/** One download at a time: which one runs and how much of it has arrived. */
export class ExportStore {
  running: ExportKind | null = null;
  received = 0;
  /** The full size when the server sent a Content-Length; null while it streams without one. */
  total: number | null = null;
  /** The name of the file last saved, for the page to confirm; cleared when another starts. */
  lastSaved: string | null = null;

  constructor(
    private readonly api: AxiosInstance,
    private readonly messages: MessageStore,
    private readonly save: (blob: Blob, filename: string) => void = saveBlob,
  ) {
    makeObservable<ExportStore, 'progress' | 'finish'>(this, {
      running: observable,
      received: observable,
      total: observable,
      lastSaved: observable,
      download: action,
      forget: action,
      progress: action,
      finish: action,
    });
  }

  /** Sign-out: the next user of the tab never reads this user's download note. */
  forget(): void {
    this.lastSaved = null;
  }

  /** "42%" with a known length, else the bytes received so far (streamed files have none). */
  get progressText(): string {
    if (this.total) return `${Math.min(100, Math.round((this.received / this.total) * 100))}%`;
    return `${formatBytes(this.received)} received`;
  }

  /** Percent done, or null while the size is unknown (the bar then shows indeterminate). */
  get percent(): number | null {
    return this.total ? Math.min(100, Math.round((this.received / this.total) * 100)) : null;
  }

  /** Posts the criteria, follows the stream's progress, then saves the file under the server's name. */
  async download(kind: ExportKind, criteria: DashboardCriteria): Promise<boolean> {
    if (this.running) return false;
    this.running = kind;
    this.received = 0;
    this.total = null;
    this.lastSaved = null;
    const spec = EXPORTS[kind];
    try {
      const res = await this.api.post<Blob>(spec.url, criteria, {
        responseType: 'blob',
        // The failure body arrives as a Blob too; it is read and shown below.
        silent: true,
        onDownloadProgress: (e) => this.progress(e),
      });
      const name = filenameFromDisposition(headerText(res.headers['content-disposition']));
      this.save(res.data, name ?? spec.fallbackName);
      this.saved(name ?? spec.fallbackName);
      return true;
    } catch (e) {
      await this.report(e);
      return false;
    } finally {
      this.finish();
    }
  }

  private progress(e: AxiosProgressEvent): void {
    this.received = e.loaded;
    this.total = e.total && e.total > 0 ? e.total : null;
  }

  private saved = action((filename: string) => {
    this.lastSaved = filename;
  });

  private finish(): void {
    this.running = null;
  }

  private async report(e: unknown): Promise<void> {
    if (!isApiError(e)) {
      this.messages.showError({ message: e instanceof Error ? e.message : String(e), requestId: null });
      return;
    }
    let message = e.message;
    if (e.body instanceof Blob) {
      const text = await e.body.text().catch(() => '');
      message = reduceErrorMessage(parseJson(text), e.message);
    }
    this.messages.showError({ message, requestId: e.requestId });
  }
}

const headerText = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
