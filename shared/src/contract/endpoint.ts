import type { z } from 'zod';
import type { ErrorCode } from '../errors.ts';
import type { ApiTokenScope } from '../domain/apiTokens.ts';

// One HTTP call of the service, defined once: the server registers its route (validation,
// serialisation and OpenAPI entry) from it and the apps call it through the typed client.
// A call is named by its method and path ("GET /building/:id"); the apps import the
// contract's type only, so the schemas stay on the server and in forms that need them.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  summary: string;
  tags: readonly string[];
  /**
   * 'public': anyone may call, no sign-in (the apps send no bearer token). Absent: the caller
   * signs in, and the server's route names the roles it admits.
   */
  access?: 'public';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The largest body this call takes, when above JSON_BODY_LIMIT_BYTES (a sync push carrying photos). */
  bodyLimit?: number;
  /** Content types of a body that is not JSON (a multipart upload), read by the handler itself. */
  consumes?: readonly string[];
  /** The success answer; absent for calls that answer bytes (pictures, logos). */
  response?: z.ZodType;
  /** Success statuses other than 200 that answer the same shape (208 CHECKEDIN). */
  alsoAnswers?: readonly number[];
  /** The error codes of the catalogue this call may answer besides authentication and input faults. */
  errors: readonly ErrorCode[];
  /**
   * The scope an API token needs to make this call (docs/api-tokens.md); absent: no token may,
   * only a person's session.
   */
  tokenScope?: ApiTokenScope;
}

/** Keys of a contract: the method, one space, the path with its `:params`. */
export type EndpointKey = `${HttpMethod} /${string}`;

export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

/** Splits "GET /building/:id" into its method and path. */
export function methodAndPath(key: EndpointKey): { method: HttpMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) };
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path of a call with its parameters filled in (each encoded as one path segment). */
export function pathOf<K extends EndpointKey>(key: K, params?: { [N in ParamNames<K>]: string | number }): string {
  const { path } = methodAndPath(key);
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = (params as Record<string, string | number | undefined> | undefined)?.[name];
    if (value === undefined) throw new Error(`pathOf(${key}): missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

type Schema<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** What a caller sends: path parameters, query and body as the schemas accept them. */
export type CallInput<E extends Endpoint> = ([Schema<E, 'params'>] extends [never]
  ? unknown
  : { params: z.input<Schema<E, 'params'>> }) &
  ([Schema<E, 'query'>] extends [never]
    ? unknown
    : object extends z.input<Schema<E, 'query'>>
      ? { query?: z.input<Schema<E, 'query'>> }
      : { query: z.input<Schema<E, 'query'>> }) &
  ([Schema<E, 'body'>] extends [never] ? unknown : { body: z.input<Schema<E, 'body'>> });

/** What the server hands a handler: the inputs after validation. */
export interface HandlerInput<E extends Endpoint> {
  Params: [Schema<E, 'params'>] extends [never] ? unknown : z.output<Schema<E, 'params'>>;
  Querystring: [Schema<E, 'query'>] extends [never] ? unknown : z.output<Schema<E, 'query'>>;
  Body: [Schema<E, 'body'>] extends [never] ? unknown : z.output<Schema<E, 'body'>>;
}

/** The success answer as the caller receives it. */
export type CallOutput<E extends Endpoint> = E extends { response: infer R extends z.ZodType } ? z.output<R> : unknown;

/** The success answer as a handler may return it (before serialisation). */
export type HandlerOutput<E extends Endpoint> = E extends { response: infer R extends z.ZodType }
  ? z.input<R>
  : unknown;

/** The body a caller sends to a call. */
export type CallBody<E extends Endpoint> = z.input<Schema<E, 'body'>>;

/** The path parameters a caller gives a call. */
export type CallParams<E extends Endpoint> = z.input<Schema<E, 'params'>>;
