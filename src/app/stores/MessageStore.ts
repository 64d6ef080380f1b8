import { action, makeObservable, observableShallow } from 'mobx';
import { MessageType, type UserMessage } from '../../domain/messages';
import type { ApiError } from '../api/errors';

/** How long an autoHide message stays. SPEC §3 names the flag, not the time: our choice. */
export const AUTO_HIDE_MS = 6000;

export interface ShownMessage extends UserMessage {
  id: number;
  requestId?: string | null;
}

/** SPEC §3 user messages: what the toast area shows, added by stores and the api client. */
export class MessageStore {
  messages: ShownMessage[] = [];
  private nextId = 1;

  constructor() {
    makeObservable<MessageStore>(this, {
      messages: observableShallow,
      show: action,
      dismiss: action,
      clear: action,
      clearAll: action,
    });
  }

  /** Shows a message; autoHide defaults to true except for errors, which wait to be read. */
  show(message: UserMessage & { requestId?: string | null }): number {
    const id = this.nextId++;
    const autoHide = message.autoHide ?? message.Type !== MessageType.Error;
    // The same words again replace the older toast: a repeated action never stacks stale copies.
    this.messages = [
      ...this.messages.filter((m) => m.Type !== message.Type || m.Data !== message.Data),
      { ...message, autoHide, id },
    ];
    if (autoHide) setTimeout(() => this.dismiss(id), AUTO_HIDE_MS);
    return id;
  }

  /** Issue 25: an action that succeeded says so in a toast too (beside its inline status). */
  done(text: string): number {
    return this.show({ Type: MessageType.Success, Data: text });
  }

  /** SPEC §8: a failed call is broadcast with its request id. */
  showError(error: Pick<ApiError, 'message' | 'requestId'>): number {
    return this.show({ Type: MessageType.Error, Data: error.message, requestId: error.requestId });
  }

  dismiss(id: number): void {
    this.messages = this.messages.filter((m) => m.id !== id);
  }

  /** Sign-out: nothing a user was told stays for the next one, noClear messages included. */
  clearAll(): void {
    this.messages = [];
  }

  /** Clears every message not marked noClear (called on navigation). */
  clear(): void {
    this.messages = this.messages.filter((m) => m.noClear);
  }
}
