// The e-mails a check-in writes (in the transaction of the visit, sent by the outbox job).
import { type BuildingSettings, formatInZone, knownFormats } from '@vestibule/shared';
import { translate } from '@vestibule/shared/i18n';
import type { ServerContext } from '../../context.ts';
import type { CheckInChannel } from './channel.ts';

/** The e-mail-me copy of a check-in: the code, the PIN and the visitor's check-out link. */
export function checkInCopyMail(
  ctx: ServerContext,
  channel: CheckInChannel,
  visit: {
    building: { tenant_id: string; name: string };
    settings: Pick<BuildingSettings, 'timeZoneId' | 'senderEmail' | 'senderPhone' | 'dateFormat' | 'timeFormat'>;
    to: string;
    name: string | null;
    identifiers: { identifier: string; public_identifier: string; pin: string };
    at: Date;
  },
) {
  const { identifiers } = visit;
  const link = `${(ctx.config.publicUrl ?? channel.origin).replace(/\/$/, '')}/checkOut/${identifiers.public_identifier}`;
  const t = (key: string, params: Record<string, string>) =>
    translate(channel.locale, `mail.checkInCopy.${key}`, params);
  // On the building's clock, in its date and time formats.
  const formats = knownFormats(visit.settings);
  const time = [formats.dateFormat, formats.timeFormat]
    .map((pattern) => formatInZone(visit.at, pattern, visit.settings.timeZoneId, channel.locale))
    .join(' ');
  const phone = visit.settings.senderPhone.trim();
  const params = {
    building: visit.building.name,
    name: visit.name ?? '',
    time,
    identifier: identifiers.identifier,
    pin: identifiers.pin,
    link,
  };
  return {
    tenantId: visit.building.tenant_id,
    to: visit.to,
    locale: channel.locale,
    subject: t('subject', params),
    text: ['greeting', 'checkedIn', 'code', 'checkOut', ...(phone ? ['contactPhone'] : []), 'closing']
      .map((key) => t(key, { ...params, phone }))
      .join('\n\n'),
    replyTo: visit.settings.senderEmail.split(/[,;]/)[0]?.trim() || null,
  };
}
