import { SERVICE_BASE, TENANT_HEADER, type Locale } from '../constants.ts';
import type { CallInput, CallOutput, Contract, ContractKey } from '../contract/index.ts';
import { isPublicCall } from '../contract/access.ts';
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
  /** The language of the answers' texts (Accept-Language); absent, the browser's own is sent. */
  getLocale?: () => Locale;
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
export interface CallOptions {
  /** A 200 answer carrying an errorCode is returned instead of thrown. */
  allowBusinessError?: boolean;
  /** Do not call onAuthFailure for this call (login, token renewal, version checks). */
  skipAuthFailure?: boolean;
  signal?: AbortSignal;
  /** The body is sent form-encoded instead of JSON (POST /login/impersonate takes a form). */
  formEncoded?: boolean;
  /** This call's own time limit, instead of the client's. */
  timeoutMs?: number;
}

/** The arguments of `call(key, …)`: optional when the call takes no input. */
export type CallArgs<K extends ContractKey> =
  object extends CallInput<Contract[K]>
    ? [input?: CallInput<Contract[K]> & CallOptions]
    : [input: CallInput<Contract[K]> & CallOptions];

/** A call's answer with what HTTP said of it. */
export interface DetailedAnswer<K extends ContractKey> {
  status: number;
  headers: Headers;
  data: CallOutput<Contract[K]>;
}

/** A conditional GET's answer: unchanged since the ETag sent (304), or the answer with its ETag. */
export type ConditionalAnswer<K extends ContractKey> =
  { notModified: true } | { notModified: false; data: CallOutput<Contract[K]>; etag: string | null };

/** The calls that read (a conditional call is a GET). */
export type GetKey = Extract<ContractKey, `GET /${string}`>;

type AnyInput = CallOptions & {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
};

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? SERVICE_BASE;
  const doFetch = options.fetchImpl ?? ((input: string, init?: RequestInit) => fetch(input, init));

  /** Sends one call; throws ApiError on a refusal or a network fault. A 304 is an answer. */
  async function send(key: ContractKey, input: AnyInput = {}, ifNoneMatch?: string | null) {
    const { method } = methodAndPath(key);
    const url = new URL(`${baseUrl}${pathOf(key, input.params as never)}`, 'http://placeholder');
    for (const [name, value] of Object.entries(input.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { Accept: 'application/json' };
    const locale = options.getLocale?.();
    if (locale) headers['Accept-Language'] = locale;
    if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch;
    const token = isPublicCall(key) ? null : options.getToken();
    if (token) {
      headers.Authorization = `Bearer ${token}`;
      const tenant = options.getTenant?.();
      if (tenant) headers[TENANT_HEADER] = tenant;
    }
    let body: string | undefined;
    if (input.body !== undefined && input.formEncoded) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(input.body as Record<string, string>).toString();
    } else if (input.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const target = baseUrl.startsWith('http') ? url.toString() : `${url.pathname}${url.search}`;
    const timeout = AbortSignal.timeout(input.timeoutMs ?? options.timeoutMs ?? 60_000);
    const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
    // A revalidation is never answered from the browser's cache: the server says 304 itself.
    const cache: RequestCache | undefined = ifNoneMatch === undefined ? undefined : 'no-store';

    options.onActivity?.(1);
    try {
      let response: Response;
      try {
        response = await doFetch(target, { method, headers, body, signal, ...(cache ? { cache } : {}) });
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
      if (!response.ok && response.status !== 304) {
        const error = errorBody
          ? new ApiError(response.status, errorBody.errorCode, errorBody.msg, errorBody.params, payload)
          : new ApiError(response.status, 'SERVER_TIMEOUT_CONNECTION_ERROR', response.statusText, undefined, payload);
        if ((response.status === 401 || response.status === 403) && !input.skipAuthFailure) {
          options.onAuthFailure?.(error);
        }
        throw error;
      }
      if (errorBody && !input.allowBusinessError) {
        throw new ApiError(response.status, errorBody.errorCode, errorBody.msg, errorBody.params, payload);
      }
      return { status: response.status, headers: response.headers, payload };
    } finally {
      options.onActivity?.(-1);
    }
  }

  // The answer of a successful call is the contract's: the server validates and serialises it
  // with the same definition (server/src/http/route.ts), so it is typed here, not checked again.
  const typed = <K extends ContractKey>(payload: unknown) => payload as CallOutput<Contract[K]>;

  return {
    /** One call of the contract, typed by its key: inputs checked by the compiler, the answer typed. */
    async call<K extends ContractKey>(key: K, ...[input]: CallArgs<K>): Promise<CallOutput<Contract[K]>> {
      return typed<K>((await send(key, input)).payload);
    },

    /** The same call, answered with its HTTP status and headers. */
    async callDetailed<K extends ContractKey>(key: K, ...[input]: CallArgs<K>): Promise<DetailedAnswer<K>> {
      const { status, headers, payload } = await send(key, input);
      return { status, headers, data: typed<K>(payload) };
    },

    /**
     * A conditional GET: sends `etag` as If-None-Match (none: an ordinary GET) and answers
     * `{ notModified: true }` on a 304, else the answer with the ETag the server gave it.
     */
    async callIfChanged<K extends GetKey>(
      key: K,
      etag: string | null,
      ...[input]: CallArgs<K>
    ): Promise<ConditionalAnswer<K>> {
      const { status, headers, payload } = await send(key, input, etag);
      if (status === 304) return { notModified: true };
      return { notModified: false, data: typed<K>(payload), etag: headers.get('etag') };
    },
  };
}

function asErrorBody(payload: unknown): ErrorBody | undefined {
  if (payload === null || typeof payload !== 'object') return undefined;
  const candidate = payload as Partial<ErrorBody>;
  if (!isErrorCode(candidate.errorCode)) return undefined;
  return { errorCode: candidate.errorCode, msg: String(candidate.msg ?? ''), params: candidate.params };
}
