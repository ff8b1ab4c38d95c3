import { PROVIDER_ANSWER_MAX, webhookUrlAllowed } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { postOutbound } from '../../http/outboundPost.ts';
import { openSecret } from '../../security/secretBox.ts';
import { ChannelFailure, type ChannelMessage, type ChannelSend, type ProviderAnswer } from '../mail/outboxChannel.ts';
import { slackBody, smsForm, teamsBody } from './hostChannelPayloads.ts';
import { findHostChannels } from './hostChannels.repo.ts';

// Sends a host's chat or SMS message from the outbox (docs/host-notifications.md, "Delivery"): to
// its company's address as it is now (a changed address applies to pending messages), read from
// the sealed settings at each send and never logged. A 2xx delivers it; a 4xx other than 429, or
// the channel not configured, fails it for good (its e-mail goes instead); anything else is
// tried again under the outbox's rules.

/** How long a provider has to answer. */
export const CHANNEL_TIMEOUT_MS = 10_000;

interface Request {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const json = (body: Record<string, unknown>) => ({
  headers: { 'content-type': 'application/json', 'user-agent': 'Vestibule-HostNotices/1' },
  body: JSON.stringify(body),
});

const notConfigured = (what: string) =>
  new ChannelFailure(`${what} is not configured for this company`, { permanent: true });

/** The request of a message, with the company's settings opened now. */
async function requestOf(ctx: Pick<ServerContext, 'db' | 'config'>, message: ChannelMessage): Promise<Request> {
  const settings = message.tenantId ? await findHostChannels(ctx.db, message.tenantId) : undefined;
  if (message.channel === 'SLACK') {
    if (!settings?.slack_url_sealed) throw notConfigured('Slack');
    return { url: await openSecret(ctx, settings.slack_url_sealed), ...json(slackBody(message.message)) };
  }
  if (message.channel === 'TEAMS') {
    if (!settings?.teams_url_sealed) throw notConfigured('Microsoft Teams');
    return { url: await openSecret(ctx, settings.teams_url_sealed), ...json(teamsBody(message.message)) };
  }
  if (!settings?.sms_endpoint_sealed || !settings.sms_token_sealed || !settings.sms_account || !settings.sms_from)
    throw notConfigured('SMS');
  if (!message.to) throw new ChannelFailure('the host has no mobile number', { permanent: true });
  const token = await openSecret(ctx, settings.sms_token_sealed);
  return {
    url: await openSecret(ctx, settings.sms_endpoint_sealed),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'Vestibule-HostNotices/1',
      authorization: `Basic ${Buffer.from(`${settings.sms_account}:${token}`).toString('base64')}`,
    },
    body: smsForm(message.message, message.to, settings.sms_from),
  };
}

/** Whether trying again cannot help: the provider refused the request itself. */
const refusedForGood = (status: number | null) => status !== null && status >= 400 && status < 500 && status !== 429;

/** The outbox's sender of chat and SMS messages (createMailSender's `channels`). */
export function createHostChannelSender(
  ctx: Pick<ServerContext, 'db' | 'config'>,
  timeoutMs = CHANNEL_TIMEOUT_MS,
): ChannelSend {
  return async (message, db) => {
    // Read in the outbox's transaction (a single-connection database waits on nothing else).
    const request = await requestOf({ ...ctx, db }, message);
    // Checked again at each send: the server's rules may have changed since it was saved.
    if (!webhookUrlAllowed(request.url, ctx.config.webhookAllowLoopback))
      throw new ChannelFailure('address not allowed', { permanent: true });
    const outcome = await postOutbound(request.url, {
      headers: request.headers,
      body: request.body,
      timeoutMs,
      allowLocal: ctx.config.webhookAllowLoopback,
      keepBody: PROVIDER_ANSWER_MAX,
    });
    const answer: ProviderAnswer = { statusCode: outcome.statusCode, body: outcome.body };
    if (outcome.ok) return answer;
    throw new ChannelFailure(outcome.error ?? 'not delivered', {
      permanent: refusedForGood(outcome.statusCode),
      answer,
    });
  };
}
