import { ApiError } from '@vestibule/shared/api';
import {
  type CallInput,
  type CallOutput,
  type Contract,
  type ContractKey,
  methodAndPath,
} from '@vestibule/shared/contract';
import { uploadSession } from './apiClient.ts';
import { authHeaders, errorFromAnswer, parseJson, urlOf } from './rawCalls.ts';

// Uploads with a progress bar (a building's logo, the people import): XMLHttpRequest rather than
// fetch, since only it reports upload progress. A call is named by its contract key, as with the
// JSON client: the path is built from the key, the answer is the contract's, and a refusal is the
// client's ApiError with the server's errorCode (a refused token signs the user out).

/** The calls that take a multipart body. */
export type UploadKey = {
  [K in ContractKey]: Contract[K] extends { consumes: readonly string[] } ? K : never;
}[ContractKey];

export type UploadOptions<K extends UploadKey> = CallInput<Contract[K]> & {
  file: File;
  /** Form fields sent before the file. */
  fields?: Record<string, string>;
  /** Whole percents of the upload, from 0 to 100. */
  onProgress: (percent: number) => void;
};

/** Sends `file` (and `fields`) as a multipart form to the call `key`; resolves with its answer. */
export function upload<K extends UploadKey>(key: K, options: UploadOptions<K>): Promise<CallOutput<Contract[K]>>;
export function upload(
  key: UploadKey,
  options: { params?: unknown; file: File; fields?: Record<string, string>; onProgress: (percent: number) => void },
): Promise<unknown> {
  const { params, file, fields = {}, onProgress } = options;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  const url = urlOf(key, params);
  const { method } = methodAndPath(key);
  const raw = uploadSession;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    for (const [name, value] of Object.entries({ ...authHeaders(raw), Accept: 'application/json' })) {
      request.setRequestHeader(name, value);
    }
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    raw.onActivity(1);
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      raw.onActivity(-1);
      outcome();
    };
    request.addEventListener('load', () =>
      finish(() => {
        const body = parseJson(request.responseText);
        const failed = request.status < 200 || request.status >= 300;
        if (!failed && body !== null && typeof body === 'object' && !('errorCode' in body)) {
          onProgress(100);
          resolve(body);
          return;
        }
        const error = errorFromAnswer(request.status, body, request.statusText);
        if (request.status === 401 || request.status === 403) raw.onAuthFailure(error);
        reject(error);
      }),
    );
    const networkFailure = () =>
      finish(() => reject(new ApiError(0, 'SERVER_CONNECTION_ERROR', 'The upload did not reach the server')));
    request.addEventListener('error', networkFailure);
    request.addEventListener('abort', networkFailure);
    request.addEventListener('timeout', () =>
      finish(() => reject(new ApiError(0, 'SERVER_TIMEOUT_CONNECTION_ERROR', 'The upload timed out'))),
    );
    request.send(form);
  });
}
