// A person's access pass as staff handle it: shown (identifier, personal link, QR code), revoked
// (a new identifier), or e-mailed to the person with their check-in link. Audited like every
// change to the directory.
import { type PersonPass, newBuildingSettings, uuidv7 } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';
import { enqueueMail } from '../mail/mail.repo.ts';
import { findPass, findTenantBuilding, updatePerson } from './people.repo.ts';
import { type PeopleCaller, personOf } from './people.service.ts';
import { newPassIdentifier, passMail, passQrCode, personalLink } from './peoplePass.ts';

/** The pass: its identifier, the personal check-in link it opens, and that link as a QR code. */
async function passOf(ctx: ServerContext, tenantId: string, id: string, origin: string): Promise<PersonPass> {
  const row = await findPass(ctx.db, tenantId, id);
  if (!row) throw notFound();
  const link = personalLink(ctx, origin, row.qr_code_key, row.pass_identifier);
  return { identifier: row.pass_identifier, link, qrcode: await passQrCode(link) };
}

export async function personPass(
  ctx: ServerContext,
  caller: PeopleCaller,
  id: string,
  origin: string,
): Promise<PersonPass> {
  await personOf(ctx, caller, id);
  return passOf(ctx, caller.tenantId, id, origin);
}

/** A new pass identifier: the old pass is unknown from now on (the check-in looks people up by it). */
export async function revokePass(
  ctx: ServerContext,
  actor: AuditActor,
  caller: PeopleCaller,
  id: string,
  origin: string,
): Promise<PersonPass> {
  await personOf(ctx, caller, id);
  await ctx.db.transaction().execute(async (trx) => {
    await updatePerson(trx, caller.tenantId, id, { pass_identifier: newPassIdentifier() });
    await audit(trx, actor, {
      tenantId: caller.tenantId,
      action: 'PERSON_PASS_REVOKED',
      entity: 'person',
      entityId: id,
    });
  });
  return passOf(ctx, caller.tenantId, id, origin);
}

/** E-mails the person their pass or their check-in link, in their language, through the outbox. */
export async function sendToPerson(
  ctx: ServerContext,
  actor: AuditActor,
  caller: PeopleCaller,
  id: string,
  kind: 'pass' | 'link',
  origin: string,
): Promise<void> {
  const person = await personOf(ctx, caller, id);
  if (!person.email) throw new AppError('EMAIL_IS_NOT_VALID', { field: 'email' });
  const to = person.email;
  const building = await findTenantBuilding(ctx.db, caller.tenantId, person.building_id);
  if (!building) throw notFound();
  const pass = await passOf(ctx, caller.tenantId, id, origin);
  const settings = { ...newBuildingSettings(), ...(building.settings ?? {}) };
  await ctx.db.transaction().execute(async (trx) => {
    await enqueueMail(trx, uuidv7(), {
      ...passMail(kind, {
        tenantId: caller.tenantId,
        to,
        locale: person.locale,
        name: `${person.first_name} ${person.last_name}`,
        building: building.name,
        link: pass.link,
        identifier: pass.identifier,
        replyTo: settings.senderEmail.split(/[,;]/)[0]?.trim() || null,
      }),
      about: { entity: 'person', id },
    });
    await audit(trx, actor, {
      tenantId: caller.tenantId,
      action: kind === 'pass' ? 'PERSON_PASS_SENT' : 'PERSON_LINK_SENT',
      entity: 'person',
      entityId: id,
      after: { email: to },
    });
  });
}
