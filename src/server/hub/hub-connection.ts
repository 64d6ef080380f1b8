/**
 * One client of the hub over one WebSocket: the handshake, the client's messages, and what the
 * server sends. The hub has no methods a client may call (it only pushes), so every invoke is
 * answered with a completion that carries the error, as the client expects.
 */

import type { WebSocket } from 'ws';
import { mayActFor, seesEveryCustomer } from '../../domain/policies';
import type { Viewer } from '../domain/viewer';
import {
  closeMessage,
  completionError,
  handshakeError,
  handshakeResponse,
  MessageType,
  parseHubMessage,
  pingMessage,
  splitRecords,
} from './protocol';

/** A frame of text the client has not finished yet may not grow past this (a record is tiny). */
const MAX_BUFFERED_CHARS = 64 * 1024;

export class HubConnection {
  private buffered = '';
  private handshakeDone = false;
  private closed = false;
  readonly openedAt = Date.now();
  lastReceivedAt = Date.now();

  constructor(
    private readonly socket: WebSocket,
    readonly viewer: Viewer,
    readonly connectionId: string,
  ) {
    // Attached at once: a handshake sent right after the upgrade must not be missed.
    socket.on('message', (data, isBinary) => this.receive(data as Buffer, isBinary));
  }

  get isOpen(): boolean {
    return this.handshakeDone && !this.closed;
  }

  get isHandshakeDone(): boolean {
    return this.handshakeDone;
  }

  /** Whether a change to an order of these parties is this client's business (SPEC §6). */
  maySee(partyIds: readonly number[]): boolean {
    return seesEveryCustomer(this.viewer) || partyIds.some((id) => mayActFor(this.viewer, id));
  }

  send(text: string): void {
    if (this.isOpen && this.socket.readyState === this.socket.OPEN) this.socket.send(text);
  }

  ping(): void {
    this.send(pingMessage);
  }

  /** A close message first, so the client knows whether to reconnect; then the socket. */
  close(error: string | null, allowReconnect: boolean): void {
    if (this.closed) return;
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(closeMessage(error, allowReconnect));
    this.closed = true;
    this.socket.close(1000);
  }

  terminate(): void {
    this.closed = true;
    this.socket.terminate();
  }

  /** Resolves when the socket has closed (both sides, or cut off). */
  whenClosed(): Promise<void> {
    if (this.socket.readyState === this.socket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => this.socket.once('close', () => resolve()));
  }

  private receive(data: Buffer, isBinary: boolean): void {
    if (this.closed) return;
    this.lastReceivedAt = Date.now();
    if (isBinary) {
      this.close('Binary messages are not supported: use the json protocol.', false);
      return;
    }
    this.buffered += data.toString('utf8');
    if (this.buffered.length > MAX_BUFFERED_CHARS) {
      this.close('Message too large.', false);
      return;
    }
    const { records, rest } = splitRecords(this.buffered);
    this.buffered = rest;
    for (const record of records) {
      if (this.closed) return;
      if (!this.handshakeDone) this.handshake(record);
      else this.handle(record);
    }
  }

  private handshake(record: string): void {
    const error = handshakeError(record);
    this.socket.send(handshakeResponse(error));
    if (error) {
      this.closed = true;
      this.socket.close(1000);
      return;
    }
    this.handshakeDone = true;
  }

  private handle(record: string): void {
    const message = parseHubMessage(record);
    if (!message) {
      this.close('The message is not a valid hub message.', false);
      return;
    }
    switch (message.type) {
      case MessageType.Invocation:
      case MessageType.StreamInvocation:
        // A `send` (no invocationId) expects no answer.
        if (typeof message.invocationId === 'string')
          this.send(completionError(message.invocationId, `Unknown hub method '${String(message.target)}'.`));
        return;
      case MessageType.Close:
        this.closed = true;
        this.socket.close(1000);
        return;
      default:
        // Pings only prove the client is alive; stream items, cancels and acks have nothing to act on.
        return;
    }
  }
}
