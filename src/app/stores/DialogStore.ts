import { action, makeObservable, observableRef } from 'mobx';
import { CANCEL_CHANGES_TEXT } from '../../domain/messages';

/** SPEC §2 confirmation dialog: a note with a message and up to two list items. */
export interface ConfirmationNote {
  note: string;
  message: string;
  items?: [string] | [string, string];
}

export interface ConfirmationOptions {
  title?: string;
  message?: string;
  notes?: ConfirmationNote[];
  okText?: string;
  cancelText?: string;
  okButtonOnly?: boolean;
  /** OK does something that cannot be undone (cancel an order): its button looks it. */
  destructive?: boolean;
}

export type OpenConfirmation = Required<Omit<ConfirmationOptions, 'notes'>> & { notes: ConfirmationNote[] };

/** SPEC §2 defaults of the confirmation dialog. */
export const CONFIRMATION_DEFAULTS = {
  title: 'Confirmation',
  message: CANCEL_CHANGES_TEXT,
  okText: 'OK',
  cancelText: 'Cancel',
  okButtonOnly: false,
  destructive: false,
} as const;

/** Holds the one open confirmation dialog; stores and pages await confirm(). */
export class DialogStore {
  current: OpenConfirmation | null = null;
  private resolve: ((ok: boolean) => void) | null = null;

  constructor() {
    makeObservable(this, { current: observableRef, confirm: action, answer: action, closeAll: action });
  }

  /** Opens the dialog and resolves true for OK, false for Cancel (or when replaced or closed). */
  confirm(options: ConfirmationOptions = {}): Promise<boolean> {
    this.answer(false);
    this.current = { ...CONFIRMATION_DEFAULTS, notes: [], ...stripUndefined(options) };
    return new Promise<boolean>((resolve) => {
      this.resolve = resolve;
    });
  }

  answer(ok: boolean): void {
    const resolve = this.resolve;
    this.resolve = null;
    this.current = null;
    resolve?.(ok);
  }

  /** SPEC §4: dialogs close on sign-in/sign-out and session expiry. */
  closeAll(): void {
    this.answer(false);
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
