import axios, {
  type AxiosAdapter,
  AxiosError,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { REQUEST_ID_HEADER, reduceErrorMessage } from '../../domain/messages';
import type { KeyValueStorage } from '../storage';
import { ApiError, isNotActiveError } from './errors';
import { reloadOnce } from './reload-guard';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Send no bearer/Source/TimeZoneOffset headers (SPEC §7: every call but login has them). */
    anonymous?: boolean;
    /** Do not broadcast a failure: the caller shows it itself (the login page, SPEC §8). */
    silent?: boolean;
  }
}

export interface ApiClientOptions {
  baseURL: string;
  getToken: () => string | null;
  /** Receives every failure not marked silent (the MessageStore shows it). */
  onError: (error: ApiError) => void;
  /** Reloads the page; SPEC §7 on a 503. */
  reload: () => void;
  /** Where the 503 reload guard remembers its last reload (sessionStorage in the browser). */
  reloadStorage: KeyValueStorage;
  log?: (error: ApiError) => void;
  /** SPEC §4/§8: any call answered that the account is not active (the session signs out). */
  onNotActive?: () => void;
}

/** SPEC §7: the time-zone offset in hours, east of UTC positive (New York in winter: -5). */
export const timeZoneOffsetHours = (date = new Date()): number => -date.getTimezoneOffset() / 60;

function addHeaders(config: InternalAxiosRequestConfig, getToken: () => string | null) {
  config.headers.set('Content-Type', 'application/json');
  if (config.anonymous) return config;
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  config.headers.set('Source', 'web');
  config.headers.set('TimeZoneOffset', String(timeZoneOffsetHours()));
  return config;
}

/** Turns an axios failure into the SPEC §8 error shape. */
export function toApiError(error: AxiosError): ApiError {
  const response = error.response;
  if (!response) return new ApiError(reduceErrorMessage(undefined, null), 0, null, undefined);
  const header = response.headers?.[REQUEST_ID_HEADER];
  const requestId = typeof header === 'string' && header ? header : null;
  const message = reduceErrorMessage(response.data, response.statusText);
  return new ApiError(message, response.status, requestId, response.data);
}

/** The one axios instance every store talks to the server through (ARCHITECTURE §4). */
export function createApiClient(options: ApiClientOptions): AxiosInstance {
  const client = axios.create({ baseURL: options.baseURL });
  const log = options.log ?? ((e: ApiError) => console.error(`[api] ${e.status} ${e.message}`, e.requestId));
  client.interceptors.request.use((config) => addHeaders(config, options.getToken));
  client.interceptors.response.use(undefined, (raw: unknown) => {
    if (!axios.isAxiosError(raw)) return Promise.reject(raw);
    const error = toApiError(raw);
    log(error);
    if (error.status === 503) reloadOnce(options.reloadStorage, options.reload);
    // Whichever call learns it first, silent or not: the account-validation page, not the login.
    if (isNotActiveError(error)) {
      options.onNotActive?.();
      return Promise.reject(error);
    }
    if (!raw.config?.silent) options.onError(error);
    return Promise.reject(error);
  });
  return client;
}

/**
 * A call's answer fetched before this client existed (sign-in-first.tsx sends the sign-in at the
 * click, while the app's code is still on its way), read as this client reads its own: the same
 * JSON parsing, status check and failure handling (issue 30 §3).
 */
export function answeredBy(sent: Promise<Response>): AxiosAdapter {
  return async (config) => {
    let answer: Response;
    try {
      answer = await sent;
    } catch {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    }
    const response: AxiosResponse = {
      data: await answer.text(), // parsed by the client's response transform, as its own answers are
      status: answer.status,
      statusText: answer.statusText,
      headers: Object.fromEntries(answer.headers),
      config,
    };
    if (config.validateStatus?.(answer.status) ?? true) return response;
    const code = answer.status < 500 ? AxiosError.ERR_BAD_REQUEST : AxiosError.ERR_BAD_RESPONSE;
    throw new AxiosError(`Request failed with status code ${answer.status}`, code, config, null, response);
  };
}
