import { SERVICE_BASE, TENANT_HEADER, type Locale } from '../constants.ts';
import type { CallInput, CallOutput, Contract, ContractKey } from '../contract/index.ts';
import { methodAndPath, pathOf } from '../contract/endpoint.ts';
import { type ErrorBody, type ErrorCode, isErrorCode } from '../errors.ts';

/** A refused or failed call: the server's errorCode (or a client-side one) and its message. */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: ErrorCode;
  readonly params: Record<string, string | number> | undefined;
  readonly body: unknown;

  constructor(
    status: number,
    errorCode: ErrorCode,
    msg: string,
    params?: Record<string, string | number>,
    body?: unknown,
  ) {
    super(msg);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.params = params;
    this.body = body;
  }
}

export interface ApiClientOptions {
  baseUrl?: string;
  getToken: () => string | null;
  getLocale: () => Locale;
  /** The company this tab works in (admin and tech users), sent with every signed-in call. */
  getTenant?: () => string | null;
  /** Called on a 401 or 403 from an authenticated call: the app logs out. */
  onAuthFailure?: (error: ApiError) => void;
  /** Called when a call starts and ends, for the loading dialog. */
  onActivity?: (delta: 1 | -1) => void;
  timeoutMs?: number;
  /** Keep date strings exactly as the server sent them (checks to the millisecond). */
  rawDates?: boolean;
  fetchImpl?: (input: string, init?: RequestInit) => Promise<Response>;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Sent form-encoded instead of JSON (the spec's impersonation call). */
  form?: Record<string, string>;
  /** A 200 answer carrying an errorCode is returned instead of thrown. */
  allowBusinessError?: boolean;
  /** Do not call onAuthFailure for this call (login, token renewal, version checks). */
  skipAuthFailure?: boolean;
  signal?: AbortSignal;
}

/** Paths that never carry the bearer token (application.md section 7). */
const publicPaths = [
  '/login',
  '/forgot',
  '/register',
  '/reset',
  '/user/byResetPasswordToken',
  '/user/byVerificationToken',
  '/user/verify',
];
const publicPrefixes = ['/checkin', '/checkinKiosk', '/registration', '/cancelable', '/postponable', '/sso', '/public'];

export function isPublicPath(path: string): boolean {
  const bare = path.split('?')[0] ?? path;
  return (
    publicPaths.includes(bare) || publicPrefixes.some((prefix) => bare === prefix || bare.startsWith(`${prefix}/`))
  );
}

const dateLike = /^\d[\d\-T:.+Z ]{18,25}$/;

/** Date-like strings (19 to 26 characters, starting with a digit, parseable) become ISO with zero ms and Z. */
export function normalizeDateString(value: string): string {
  if (value.length < 19 || value.length > 26 || !dateLike.test(value)) return value;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const date = new Date(time);
  date.setUTCMilliseconds(0);
  return date.toISOString();
}

function reviveDates(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? normalizeDateString(value) : value;
}

/** Options of a contract call besides its inputs. */
export type CallOptions = Omit<RequestOptions, 'query' | 'body' | 'form'> & {
  /** The body is sent form-encoded instead of JSON (the spec's impersonation call). */
  formEncoded?: boolean;
};

/** The arguments of `call(key, …)`: optional when the call takes no input. */
export type CallArgs<K extends ContractKey> =
  object extends CallInput<Contract[K]>
    ? [input?: CallInput<Contract[K]> & CallOptions]
    : [input: CallInput<Contract[K]> & CallOptions];

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? SERVICE_BASE;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const doFetch = options.fetchImpl ?? ((input: string, init?: RequestInit) => fetch(input, init));

  async function request<T>(method: string, path: string, requestOptions: RequestOptions = {}): Promise<T> {
    const url = new URL(`${baseUrl}${path}`, 'http://placeholder');
    for (const [key, value] of Object.entries(requestOptions.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': options.getLocale() };
    const token = options.getToken();
    if (token && !isPublicPath(path)) {
      headers.Authorization = `Bearer ${token}`;
      const tenant = options.getTenant?.();
      if (tenant) headers[TENANT_HEADER] = tenant;
    }
    let body: string | undefined;
    if (requestOptions.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(requestOptions.form).toString();
    } else if (requestOptions.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(requestOptions.body);
    }
    const target = baseUrl.startsWith('http') ? url.toString() : `${url.pathname}${url.search}`;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = requestOptions.signal ? AbortSignal.any([requestOptions.signal, timeout]) : timeout;

    options.onActivity?.(1);
    try {
      let response: Response;
      try {
        response = await doFetch(target, { method, headers, body, signal });
      } catch (error) {
        const timedOut = timeout.aborted;
        const code: ErrorCode = timedOut ? 'SERVER_TIMEOUT_CONNECTION_ERROR' : 'SERVER_CONNECTION_ERROR';
        throw new ApiError(0, code, error instanceof Error ? error.message : code);
      }
      const text = await response.text();
      let payload: unknown = undefined;
      if (text.length > 0 && (response.headers.get('content-type') ?? '').includes('json')) {
        try {
          payload = options.rawDates ? JSON.parse(text) : JSON.parse(text, reviveDates);
        } catch {
          payload = undefined;
        }
      } else if (text.length > 0) {
        payload = text;
      }
      const errorBody = asErrorBody(payload);
      if (!response.ok) {
        const error = errorBody
          ? new ApiError(response.status, errorBody.errorCode, errorBody.msg, errorBody.params, payload)
          : new ApiError(response.status, 'SERVER_TIMEOUT_CONNECTION_ERROR', response.statusText, undefined, payload);
        if ((response.status === 401 || response.status === 403) && !requestOptions.skipAuthFailure) {
          options.onAuthFailure?.(error);
        }
        throw error;
      }
      if (errorBody && !requestOptions.allowBusinessError) {
        throw new ApiError(response.status, errorBody.errorCode, errorBody.msg, errorBody.params, payload);
      }
      return payload as T;
    } finally {
      options.onActivity?.(-1);
    }
  }

  /** One call of the contract, typed by its key: inputs checked by the compiler, the answer typed. */
  async function call<K extends ContractKey>(key: K, ...[input]: CallArgs<K>): Promise<CallOutput<Contract[K]>> {
    const { method } = methodAndPath(key);
    const { params, query, body, formEncoded, ...rest } = (input ?? {}) as CallOptions & {
      params?: Record<string, string | number>;
      query?: RequestOptions['query'];
      body?: unknown;
    };
    const payload = formEncoded ? { form: body as Record<string, string> } : { body };
    return request<CallOutput<Contract[K]>>(method, pathOf(key, params as never), { ...rest, query, ...payload });
  }

  return {
    call,
    request,
    get: <T>(path: string, o?: RequestOptions) => request<T>('GET', path, o),
    post: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>('POST', path, { ...o, body }),
    put: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>('PUT', path, { ...o, body }),
    patch: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>('PATCH', path, { ...o, body }),
    delete: <T>(path: string, o?: RequestOptions) => request<T>('DELETE', path, o),
  };
}

function asErrorBody(payload: unknown): ErrorBody | undefined {
  if (payload === null || typeof payload !== 'object') return undefined;
  const candidate = payload as Partial<ErrorBody>;
  if (!isErrorCode(candidate.errorCode)) return undefined;
  return { errorCode: candidate.errorCode, msg: String(candidate.msg ?? ''), params: candidate.params };
}
