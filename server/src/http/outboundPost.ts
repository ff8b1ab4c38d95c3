import { lookup } from 'node:dns/promises';
import { isLocalIpAddress } from '@vestibule/shared';

// The server's own calls to addresses a company gave it (docs/webhooks.md, "Endpoints";
// docs/host-notifications.md, "Secrets and addresses"): a webhook's endpoint, a Slack or Teams
// address, an SMS provider. The address was checked when saved (shared `webhookUrlAllowed`); its
// name is resolved again here, at each send, since a name saved pointing elsewhere may since point
// at this machine. Redirects are not followed.

/** What came back from one call. */
export interface OutboundAnswer {
  /** The receiver's HTTP status; null when none came (refused, timed out, not sent). */
  statusCode: number | null;
  /** Why it failed; null when the answer was 2xx. */
  error: string | null;
  ok: boolean;
  durationMs: number;
  /** The start of the answer's body, at most `keepBody` characters (none when 0). */
  body: string | null;
}

/**
 * Whether the address's host resolves to this machine, a link-local or a metadata address now:
 * such a call is not made.
 */
async function resolvesLocal(url: string): Promise<boolean> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  try {
    return (await lookup(host, { all: true })).some(({ address }) => isLocalIpAddress(address));
  } catch {
    // Not resolved: the request itself fails and says so.
    return false;
  }
}

/** At most `max` characters of a body, read no further than needed; the rest is dropped. */
async function excerptOf(response: Response, max: number): Promise<string | null> {
  if (max <= 0 || !response.body) {
    await response.body?.cancel();
    return null;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (text.length < max) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text.slice(0, max);
}

/** POSTs a body to a company's address, within `timeoutMs`; never throws. */
export async function postOutbound(
  url: string,
  request: { headers: Record<string, string>; body: string; timeoutMs: number; allowLocal: boolean; keepBody?: number },
): Promise<OutboundAnswer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (!request.allowLocal && (await resolvesLocal(url)))
    return {
      statusCode: null,
      error: 'address not allowed: it resolves to this machine',
      ok: false,
      durationMs: 0,
      body: null,
    };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    const body = await excerptOf(response, request.keepBody ?? 0);
    const ok = response.status >= 200 && response.status < 300;
    return {
      statusCode: response.status,
      error: ok ? null : `HTTP ${response.status}`,
      ok,
      durationMs: elapsed(),
      body,
    };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const message = timedOut
      ? `no answer within ${request.timeoutMs / 1000} s`
      : error instanceof Error
        ? ((error.cause as Error | undefined)?.message ?? error.message)
        : String(error);
    return { statusCode: null, error: message.slice(0, 300), ok: false, durationMs: elapsed(), body: null };
  }
}
