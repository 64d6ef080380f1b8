/**
 * The SignalR JSON hub protocol, as far as a server that only pushes needs it: the handshake, the
 * record framing and the messages the official @microsoft/signalr client sends and expects.
 * Each JSON record ends with the record separator 0x1E; one WebSocket frame may carry several.
 */

export const RECORD_SEPARATOR = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

/** The only protocol offered: JSON over text frames, version 1 (version 2 is for stateful reconnect). */
export const HUB_PROTOCOL = { name: 'json', version: 1 } as const;

export interface HubMessage {
  type: number;
  invocationId?: string;
  target?: string;
  arguments?: unknown[];
}

export const frame = (message: object): string => JSON.stringify(message) + RECORD_SEPARATOR;

/** Complete records of buffered text, and the unfinished rest that waits for the next frame. */
export function splitRecords(buffered: string): { records: string[]; rest: string } {
  const parts = buffered.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts, rest };
}

/** The handshake request's verdict: null when accepted, else the error to answer with. */
export function handshakeError(record: string): string | null {
  let request: { protocol?: unknown; version?: unknown };
  try {
    request = JSON.parse(record);
  } catch {
    return 'The handshake request is not valid JSON.';
  }
  if (request?.protocol !== HUB_PROTOCOL.name)
    return `The protocol '${String(request?.protocol)}' is not supported.`;
  if (request.version !== HUB_PROTOCOL.version)
    return `The server does not support version ${String(request.version)} of the '${HUB_PROTOCOL.name}' protocol.`;
  return null;
}

/** One record as a hub message; null when it is not one. */
export function parseHubMessage(record: string): HubMessage | null {
  try {
    const message = JSON.parse(record) as HubMessage | null;
    return message && typeof message === 'object' && Number.isInteger(message.type) ? message : null;
  } catch {
    return null;
  }
}

export const handshakeResponse = (error: string | null): string => frame(error ? { error } : {});
export const pingMessage = frame({ type: MessageType.Ping });
export const closeMessage = (error: string | null, allowReconnect: boolean): string =>
  frame({ type: MessageType.Close, ...(error ? { error } : {}), allowReconnect });
export const invocationMessage = (target: string, args: unknown[]): string =>
  frame({ type: MessageType.Invocation, target, arguments: args });
export const completionError = (invocationId: string, error: string): string =>
  frame({ type: MessageType.Completion, invocationId, error });
