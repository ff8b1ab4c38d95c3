// What a check-in link shows before the wizard's result is posted: the building of the link, the
// wizard's input for a person type, and what the link's identifier names (a visit, or a person's
// pass of the building).
import {
  HOST_SEARCH_LIMIT,
  type HostCandidate,
  type CachedPass,
  type CheckInBuilding,
  type CheckInData,
  type VisitOfLink,
  type WizardVisitorType,
  resignDaysOf,
  signerKeyOf,
  visitIdentifierPattern,
  wizardVisitorTypes,
  visitorPhotoModeOf,
  badgeLayoutOf,
  badgePrintModeOf,
} from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { shownNotice } from '../retention/privacyNotice.service.ts';
import { AppError } from '../../errors.ts';
import { findBuildingByKey } from '../buildings/buildingOfLink.repo.ts';
import { settingsOf } from '../buildings/buildingSettings.ts';
import { documentsToSign, versionsSignedLately } from '../documents/signatures.service.ts';
import { identifyByPass, provesPerson } from '../identification/identifiedPerson.ts';
import { linkedQuestionnaires } from '../questionnaires/linkedQuestionnaires.repo.ts';
import { searchHosts } from '../visits/hosts.service.ts';
import { toVisitSummary } from '../visits/visit.dto.ts';
import { findVisitByIdentifier, findVisitByPublicIdentifier } from '../visits/visits.repo.ts';
import { activeCameras } from './checkin.repo.ts';
import { type CheckInChannel, buildingForChannel, checkChannel, formOf } from './channel.ts';
import { checkOutSettings } from './visitRules.ts';

/**
 * The building of a link as this channel may see it. A phone without the building's current
 * mobile token is let in when `proof` names a visit of the building (its public identifier: the
 * visit's own link, an invitation's e-mail) or an active person of the building (a pass
 * identifier or a PIN identification's ticket): those links carry no token.
 */
async function buildingOfLink(
  ctx: ServerContext,
  qrCodeKey: string,
  channel: CheckInChannel,
  mt: string | null,
  proof: string | undefined,
) {
  if (!proof) return buildingForChannel(ctx, qrCodeKey, channel, mt);
  const building = await findBuildingByKey(ctx.db, qrCodeKey);
  const tokenMissing =
    building !== undefined && !channel.fromKiosk && building.mobile_token && mt !== building.mobile_token;
  const ignoreMobileToken = tokenMissing
    ? (await provesVisit(ctx, building, proof)) || (await provesPerson(ctx, building, proof))
    : false;
  return checkChannel(ctx, building, channel, mt, { ignoreMobileToken });
}

/** Whether a proof is the public identifier of a visit of the building. */
async function provesVisit(ctx: ServerContext, building: { id: string }, proof: string): Promise<boolean> {
  const visit = await findVisitByPublicIdentifier(ctx.db, proof);
  return visit !== undefined && visit.building_id === building.id;
}

export async function checkInBuilding(
  ctx: ServerContext,
  qrCodeKey: string,
  channel: CheckInChannel,
  mt: string | null,
  proof?: string,
): Promise<CheckInBuilding> {
  const building = await buildingOfLink(ctx, qrCodeKey, channel, mt, proof);
  const settings = settingsOf(building);
  return {
    qrCodeKey,
    fromKiosk: channel.fromKiosk,
    building: {
      id: building.id,
      name: building.name,
      logoVersion: building.check_in_logo_version,
      defaultLocale: settings.defaultLocale,
      devicesSuccessText: building.devices_success_text,
      devicesAttentionText: building.devices_attention_text,
      kioskOutcomeSeconds: settings.kioskOutcomeSeconds,
      employeeCheckIn: settings.employeeCheckIn,
      welcomeText: settings.kioskWelcomeText ?? '',
    },
    visitorTypes: [...wizardVisitorTypes],
    privacyNotice: await shownNotice(ctx.db, building.tenant_id),
  };
}

export async function checkInData(
  ctx: ServerContext,
  qrCodeKey: string,
  visitorType: WizardVisitorType,
  channel: CheckInChannel,
  mt: string | null,
  proof?: string,
): Promise<CheckInData> {
  const building = await buildingOfLink(ctx, qrCodeKey, channel, mt, proof);
  const settings = settingsOf(building);
  // Camera readings and pictures are for enrolled kiosks only: a phone types its temperature.
  const cameras = channel.fromKiosk ? await activeCameras(ctx.db, building.id) : [];
  const camerasAt = (place: 'ENTRY' | 'EXIT') =>
    Object.fromEntries(
      cameras.filter((c) => c.camera_place === place || c.camera_place === 'ENTRY_EXIT').map((c) => [c.id, c.name]),
    );
  return {
    qrCodeKey,
    visitorType,
    defaultMeetingDuration: settings.defaultMeetingDuration,
    checkInForm: formOf(building, visitorType),
    questionnaires: await linkedQuestionnaires(ctx.db, building.id, 'ENTRY', visitorType),
    consentClauseActive: settings.consentClauseEnabled,
    consentClauseText: settings.consentText,
    emailMeActive: settings.emailMeEnabled,
    checkInTemperatureMeasuresEnabled: settings.checkInTemperatureMeasuresEnabled,
    allowCheckInManualTemperatureMeasure: settings.allowCheckInManualTemperatureMeasure,
    ...checkOutSettings(settings),
    cameras: { ENTRY: camerasAt('ENTRY'), EXIT: camerasAt('EXIT') },
    successFormText: settings.successFormText,
    failureFormText: settings.failureFormText,
    allowFreeTextHost: settings.allowFreeTextHost,
    photo: visitorPhotoModeOf(settings.visitorPhoto, visitorType),
    documents: await documentsToSign(ctx.db, building.id, visitorType),
    resignDays: resignDaysOf(settings),
    // Badges are printed by kiosks only (docs/badges.md): a phone has no printer of the lobby's.
    ...(channel.fromKiosk
      ? {
          badge: {
            print: badgePrintModeOf(settings.badgePrint, visitorType),
            layout: badgeLayoutOf(settings.badgeLayout),
            timeZoneId: settings.timeZoneId,
          },
        }
      : {}),
  };
}

/**
 * The "already signed" lookup (docs/check-in.md, "Signed documents"): of the documents this
 * person type signs at the building, the current versions the person named (by e-mail, else
 * first and last name) signed there within the resign period, so the wizard does not ask them
 * again. It answers only version ids of the building's own current documents, and nothing when
 * no one is named; the channel proves the caller as for the wizard's input.
 */
export async function signedDocumentsForLink(
  ctx: ServerContext,
  qrCodeKey: string,
  who: {
    visitorType: WizardVisitorType;
    email: string | null;
    firstName: string | null;
    lastName: string | null;
  },
  channel: CheckInChannel,
  mt: string | null,
  proof?: string,
): Promise<{ versionIds: string[] }> {
  const building = await buildingOfLink(ctx, qrCodeKey, channel, mt, proof);
  const signerKey = signerKeyOf(who);
  if (!signerKey) return { versionIds: [] };
  const documents = await documentsToSign(ctx.db, building.id, who.visitorType);
  const versionIds = await versionsSignedLately(
    ctx.db,
    building.id,
    signerKey,
    documents.map((document) => document.versionId),
    resignDaysOf(settingsOf(building)),
    new Date(),
  );
  return { versionIds };
}

/**
 * The building's hosts whose first or last name starts with `name`, for a kiosk's or a phone's
 * host field: names, departments and links only, at most HOST_SEARCH_LIMIT. The channel proves
 * the caller as for the wizard's input (an enrolled kiosk, a link with the building's current
 * mobile token or a person's proof).
 */
export async function hostsForLink(
  ctx: ServerContext,
  qrCodeKey: string,
  name: string | undefined,
  channel: CheckInChannel,
  mt: string | null,
  proof?: string,
): Promise<{ docs: HostCandidate[] }> {
  const building = await buildingOfLink(ctx, qrCodeKey, channel, mt, proof);
  return { docs: await searchHosts(ctx, building, name, HOST_SEARCH_LIMIT) };
}

/**
 * What a visit holds of the check-in form, by the form's keys: its stored form over its columns
 * (an invitation made by staff, or a demo visit, may keep the visitor's e-mail and company in its
 * columns only). The wizard starts from it, so an invited visitor retypes nothing the visit knows.
 */
export function visitFormValues(row: {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  company_name: string | null;
  host: string | null;
  check_in_form: Record<string, string | boolean> | null;
}): Record<string, string | boolean> {
  const columns: Record<string, string | null> = {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    companyName: row.company_name,
    contractorCompanyName: row.company_name,
    host: row.host,
  };
  const known = Object.entries(columns).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return { ...Object.fromEntries(known), ...(row.check_in_form ?? {}) };
}

export async function visitForLink(
  ctx: ServerContext,
  qrCodeKey: string,
  identifier: string,
  channel: CheckInChannel,
): Promise<VisitOfLink> {
  const target = await linkTarget(ctx, qrCodeKey, identifier, channel, { visitsOnly: true });
  if (target.kind !== 'visit') throw new AppError('CHECKIN_VISIT_NOT_FOUND');
  return target;
}

/**
 * What a link's identifier names at the building: a visit by its public identifier, else a
 * person by their current pass (deactivated or outside their validity: refused). A
 * replaced pass, and a visit or pass of another building, is not found. An enrolled kiosk may
 * also name a visit of its building by its visit code (typed or scanned at the kiosk): it holds
 * the codes of the building's visits of the day already (GET /sync/visits), and asks for one it
 * does not know yet, such as an invitation made after its last refresh. The answer carries the
 * visit's PIN: the visitor is shown it at check-in, and the identifier (or the kiosk) is proof
 * enough of the visit.
 */
export async function linkTarget(
  ctx: ServerContext,
  qrCodeKey: string,
  identifier: string,
  channel: CheckInChannel,
  options: { visitsOnly?: boolean } = {},
): Promise<VisitOfLink | CachedPass> {
  // The visit's public identifier (or the pass) is the secret here: the mobile token does not apply.
  const building = await buildingForChannel(ctx, qrCodeKey, channel, null, { ignoreMobileToken: true });
  const byCode = channel.fromKiosk && visitIdentifierPattern.test(identifier);
  const visit = byCode
    ? await findVisitByIdentifier(ctx.db, identifier)
    : await findVisitByPublicIdentifier(ctx.db, identifier);
  // An anonymised visit (erased by its visitor, or past retention) names nobody: its link shows nothing.
  if (visit && visit.anonymised_at !== null) throw new AppError('CHECKIN_VISIT_NOT_FOUND');
  if (visit && visit.building_id === building.id) {
    const summary = toVisitSummary(visit, settingsOf(building).timeZoneId);
    return { kind: 'visit', ...summary, pin: visit.pin, checkInForm: visitFormValues(visit) };
  }
  const pass = visit || options.visitsOnly ? undefined : await identifyByPass(ctx, building, identifier, new Date());
  if (!pass) throw new AppError('CHECKIN_VISIT_NOT_FOUND');
  return pass;
}
