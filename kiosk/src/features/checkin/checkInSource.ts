import {
  type CheckInBuilding,
  type CheckInData,
  type CheckInResponse,
  type VisitOfLink,
  type VisitSummary,
  type WizardVisitorType,
  entryDecision,
  newVisitCodes,
} from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { currentLocale } from '../../i18n/i18n.ts';
import { commitCheckIn } from '../../offline/outbox.ts';
import type { KioskConfig } from '../../offline/kioskConfig.ts';
import { type SyncRunner, syncRunner } from '../../offline/runtime.ts';
import type { WizardResult } from '../wizard/index.ts';
import { type Channel, fetchCheckInData } from './checkin.api.ts';

/** A known visit (an invitation, a visit checking in again) that the wizard starts from. */
export interface VisitPreset {
  /** With the check-in form it stored when reached through its own link. */
  visit: VisitSummary & { checkInForm?: VisitOfLink['checkInForm'] };
  visitorType: WizardVisitorType;
  checkingBack: boolean;
}

/**
 * Where a check-in's building and wizard data come from, and where it goes: a kiosk reads its
 * cached configuration; a visitor's phone reads the server. Both commit the check-in to the
 * device's outbox first and let the sync runner carry it to the server (SYNC.md), so a dropped
 * network loses nobody.
 */
export interface CheckInSource {
  building: CheckInBuilding;
  channel: Channel;
  runner: SyncRunner;
  loadData(visitorType: WizardVisitorType, signal: AbortSignal): Promise<CheckInData>;
}

/** A kiosk: everything from the configuration cached on the device. */
export function cachedSource(config: KioskConfig, runner: SyncRunner): CheckInSource {
  return {
    building: config.building,
    channel: { kiosk: true, mt: null },
    runner,
    loadData: (visitorType) => {
      const data = config.checkInData[visitorType];
      return data ? Promise.resolve(data) : Promise.reject(new ApiError(404, 'NOT_FOUND', visitorType));
    },
  };
}

/** A page that read the building from the server (a phone, a visit's link). */
export function onlineSource(building: CheckInBuilding, channel: Channel): CheckInSource {
  return {
    building,
    channel,
    runner: syncRunner(building.qrCodeKey, channel.kiosk ? 'kiosk' : 'ownDevice'),
    loadData: (visitorType, signal) => fetchCheckInData(building.qrCodeKey, visitorType, channel, signal),
  };
}

export interface SubmittedCheckIn {
  mutationId: string;
  visitId: string;
  /** What the screen shows at once: decided on the device with the building's rules. */
  response: CheckInResponse;
}

/**
 * Decides the outcome with the building's rules, commits visit + outbox entry + sequence in
 * one transaction, then asks the runner to push. Resolves only after the commit.
 */
export async function submitCheckIn(
  source: CheckInSource,
  data: CheckInData,
  result: WizardResult,
  preset: VisitPreset | undefined,
): Promise<SubmittedCheckIn> {
  const { refusal, flagged } = entryDecision(data, result);
  const allowed = refusal === null;
  const codes = preset ? undefined : newVisitCodes();
  const { id, ...payload } = result;
  const { visitId, mutationId } = await commitCheckIn(
    source.runner.db,
    { ...payload, mt: source.channel.mt, locale: currentLocale() },
    { visitId: id, allowed, ...(codes ? { codes } : {}) },
  );
  void source.runner.request();
  return {
    mutationId,
    visitId,
    response: {
      allowed,
      checkIn: allowed,
      meetingIdentifier: allowed ? (codes?.identifier ?? preset?.visit.identifier ?? null) : null,
      publicIdentifier: allowed ? (codes?.publicIdentifier ?? preset?.visit.publicIdentifier ?? null) : null,
      pin: allowed ? (codes?.pin ?? null) : null,
      flagged,
      refusal,
      message: allowed ? data.successFormText : data.failureFormText,
      entryLogItem: null,
    },
  };
}
