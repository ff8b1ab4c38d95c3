import {
  type HostChannelField,
  type HostChannels,
  type HostChannelsInput,
  hostChannelFields,
  normalisedPhoneNumber,
  webhookUrlAllowed,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { sealSecret } from '../../security/secretBox.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import {
  type HostChannelRow,
  type HostChannelValues,
  findHostChannels,
  saveHostChannels,
} from './hostChannels.repo.ts';

// A company's host channels (docs/host-notifications.md): administrators and corporate users set
// the Slack and Teams addresses and the SMS provider. The addresses and the token are sealed
// (AES-256-GCM), never answered, never logged; the audit row names the fields changed, never a value.

function toHostChannels(row: HostChannelRow | undefined): HostChannels {
  const sms = {
    endpointUrlSet: Boolean(row?.sms_endpoint_sealed),
    authTokenSet: Boolean(row?.sms_token_sealed),
    account: row?.sms_account ?? null,
    from: row?.sms_from ?? null,
  };
  return {
    slack: { webhookUrlSet: Boolean(row?.slack_url_sealed) },
    teams: { webhookUrlSet: Boolean(row?.teams_url_sealed) },
    sms: { ...sms, configured: sms.endpointUrlSet && sms.authTokenSet && sms.account !== null && sms.from !== null },
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
  };
}

export async function hostChannels(ctx: ServerContext, tenantId: string): Promise<HostChannels> {
  return toHostChannels(await findHostChannels(ctx.db, tenantId));
}

/** A secret address, checked as a webhook's is (shared `webhookUrlAllowed`), then sealed. */
async function sealedUrl(ctx: ServerContext, field: HostChannelField, url: string | null): Promise<string | null> {
  if (url === null) return null;
  if (!webhookUrlAllowed(url, ctx.config.webhookAllowLoopback))
    throw new AppError('WEBHOOK_URL_NOT_ALLOWED', { field });
  return sealSecret(ctx, new URL(url).toString());
}

export async function changeHostChannels(
  ctx: ServerContext,
  actor: AuditActor,
  tenantId: string,
  input: HostChannelsInput,
): Promise<HostChannels> {
  const values: HostChannelValues = {};
  if (input.slackWebhookUrl !== undefined)
    values.slack_url_sealed = await sealedUrl(ctx, 'slackWebhookUrl', input.slackWebhookUrl);
  if (input.teamsWebhookUrl !== undefined)
    values.teams_url_sealed = await sealedUrl(ctx, 'teamsWebhookUrl', input.teamsWebhookUrl);
  if (input.smsEndpointUrl !== undefined)
    values.sms_endpoint_sealed = await sealedUrl(ctx, 'smsEndpointUrl', input.smsEndpointUrl);
  if (input.smsAccount !== undefined) values.sms_account = input.smsAccount;
  if (input.smsAuthToken !== undefined)
    values.sms_token_sealed = input.smsAuthToken === null ? null : await sealSecret(ctx, input.smsAuthToken);
  if (input.smsFrom !== undefined)
    values.sms_from = input.smsFrom === null ? null : normalisedPhoneNumber(input.smsFrom);
  const changed = hostChannelFields.filter((field) => input[field] !== undefined);
  if (changed.length === 0) return hostChannels(ctx, tenantId);
  return ctx.db.transaction().execute(async (trx) => {
    await saveHostChannels(trx, tenantId, actor.userId, values);
    // Which fields were set or removed, never their values: the addresses and the token are secrets.
    await audit(trx, actor, {
      tenantId,
      action: 'HOST_CHANNELS_CHANGED',
      entity: 'tenant',
      entityId: tenantId,
      after: {
        set: changed.filter((field) => input[field] !== null),
        removed: changed.filter((field) => input[field] === null),
      },
    });
    return toHostChannels(await findHostChannels(trx, tenantId));
  });
}
