import {
  type CheckInBuilding,
  type CheckInData,
  type CheckInResponse,
  type HashedWatchlist,
  type HostOption,
  type VisitOfLink,
  type VisitSummary,
  type WizardVisitorType,
  entryDecision,
  hashedWatchAction,
  newVisitCodes,
  searchHosts,
} from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { currentLocale } from '../../i18n/i18n.ts';
import { commitCheckIn } from '../../offline/outbox.ts';
import type { KioskConfig } from '../../offline/kioskConfig.ts';
import { type SyncRunner, syncRunner } from '../../offline/runtime.ts';
import type { SignerQuery, WizardResult } from '../wizard/index.ts';
import { type Channel, fetchCheckInData, fetchHosts } from './checkin.api.ts';

/**
 * A person of the directory the wizard starts from (a scanned pass, a personal link, a
 * PIN identification), with the proof POST /checkin needs to link the visit to them.
 */
export interface IdentifiedEntrant {
  personId: string;
  /** The pass scanned or opened (a kiosk offline sends the one it scanned). */
  passIdentifier: string | null;
  /** A PIN identification's ticket. */
  personTicket: string | null;
  firstName: string;
  /** The check-in form's values from the record (offline: the first name and last name's initial). */
  checkInForm: Record<string, string>;
  /** The person's default duration (ISO 8601), else null. */
  scheduledDuration: string | null;
  /** Until when the person's earlier answers hold (an employee): until then no questionnaire is asked. */
  answersValidUntil: string | null;
}

/**
 * A known visit: its summary with what the device or the server knows besides, the form it
 * stored (an invitation's e-mail, company...) and its PIN, shown with its code at check-in.
 */
export type KnownVisit = VisitSummary & { checkInForm?: VisitOfLink['checkInForm']; pin?: string | null };

/** A known visit (an invitation, a visit checking in again) or person that the wizard starts from. */
export interface VisitPreset {
  /** With the check-in form it stored when reached through its own link; null for a person's new visit. */
  visit: KnownVisit | null;
  person?: IdentifiedEntrant;
  visitorType: WizardVisitorType;
  checkingBack: boolean;
}

/** Whether a person's earlier answers still hold now: the wizard then asks no questionnaire. */
export function reusesAnswers(preset: VisitPreset | undefined, now: Date = new Date()): boolean {
  const until = preset?.person?.answersValidUntil;
  return until !== null && until !== undefined && Date.parse(until) > now.getTime();
}

/**
 * Where a check-in's building and wizard data come from, and where it goes: a kiosk reads its
 * cached configuration; a visitor's phone reads the server. Both commit the check-in to the
 * device's outbox first and let the sync runner carry it to the server (docs/kiosk.md, "The outbox"), so a dropped
 * network loses nobody.
 */
export interface CheckInSource {
  building: CheckInBuilding;
  channel: Channel;
  runner: SyncRunner;
  loadData(visitorType: WizardVisitorType, signal: AbortSignal): Promise<CheckInData>;
  /** The building's hosts whose name starts with `text`: the wizard's host field (docs/kiosk.md, "What a kiosk caches"). */
  searchHosts(text: string, signal: AbortSignal): Promise<readonly HostOption[]>;
  /**
   * The documents' current versions this person signed lately, not asked again
   * (docs/check-in.md, "Signed documents"); empty when it cannot tell (a kiosk offline, a failed
   * call): the person is asked.
   */
  signedDocuments(query: SignerQuery, signal: AbortSignal): Promise<readonly string[]>;
  /**
   * The company's watchlist as keyed hashes (a kiosk's configuration): a listed visitor is told
   * at once to wait or to see the reception, offline too. None on a phone: the server judges.
   */
  watchlist?: HashedWatchlist;
}

/** The lookup's code loads when first needed (a wizard with documents), not with the first screen. */
async function signedDocumentsOf(
  qrCodeKey: string,
  query: SignerQuery,
  channel: Channel,
  signal: AbortSignal,
): Promise<readonly string[]> {
  try {
    const { fetchSignedDocuments } = await import('./signedLookup.ts');
    return await fetchSignedDocuments(qrCodeKey, query, channel, signal);
  } catch {
    return [];
  }
}

/**
 * Whether employees can check in at this kiosk: the building lets them type a name, or its
 * directory has employees to identify (a configuration cached before the directory was, says yes).
 */
function employeesCheckIn(config: KioskConfig): boolean {
  if (config.building.building.employeeCheckIn === 'TYPED_NAME' || config.people === undefined) return true;
  return config.people.some((person) => person.visitorType === 'EMPLOYEE');
}

/** A kiosk: everything from the configuration cached on the device. */
export function cachedSource(config: KioskConfig, runner: SyncRunner): CheckInSource {
  const visitorTypes = config.building.visitorTypes.filter((type) => type !== 'EMPLOYEE' || employeesCheckIn(config));
  return {
    building: { ...config.building, visitorTypes },
    channel: { kiosk: true, mt: null },
    runner,
    loadData: (visitorType) => {
      const data = config.checkInData[visitorType];
      return data ? Promise.resolve(data) : Promise.reject(new ApiError(404, 'NOT_FOUND', visitorType));
    },
    // The cached hosts, offline and online alike (fresh with the configuration); a configuration
    // cached before kiosks held hosts asks the server.
    searchHosts: (text, signal) =>
      config.hosts
        ? Promise.resolve(searchHosts(config.hosts, text))
        : fetchHosts(config.building.qrCodeKey, text, { kiosk: true, mt: null }, signal),
    // The server keeps who signed what: a kiosk offline asks every document.
    signedDocuments: (query, signal) =>
      signedDocumentsOf(config.building.qrCodeKey, query, { kiosk: true, mt: null }, signal),
    ...(config.watchlist ? { watchlist: config.watchlist } : {}),
  };
}

/** A page that read the building from the server (a phone, a visit's link). */
export function onlineSource(building: CheckInBuilding, channel: Channel): CheckInSource {
  return {
    building,
    channel,
    runner: syncRunner(building.qrCodeKey, channel.kiosk ? 'kiosk' : 'ownDevice'),
    loadData: (visitorType, signal) => fetchCheckInData(building.qrCodeKey, visitorType, channel, signal),
    searchHosts: (text, signal) => fetchHosts(building.qrCodeKey, text, channel, signal),
    signedDocuments: (query, signal) => signedDocumentsOf(building.qrCodeKey, query, channel, signal),
  };
}

export interface SubmittedCheckIn {
  mutationId: string;
  visitId: string;
  /** What the screen shows at once: decided on the device with the building's rules. */
  response: CheckInResponse;
}

/**
 * What the kiosk's hashed watchlist makes of the visitor (docs/watchlist.md, "On a kiosk"): held
 * or refused, or null (not listed, or a device without the list). A known visit's stored form
 * and name count where the wizard's form leaves them out, as on the server.
 */
async function watchedOnDevice(
  source: CheckInSource,
  result: WizardResult,
  visit: KnownVisit | null,
): Promise<'HELD' | 'REFUSED' | null> {
  if (!source.watchlist) return null;
  const form = { ...visit?.checkInForm, ...result.checkInForm };
  const text = (key: string) => {
    const value = form[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const action = await hashedWatchAction(source.watchlist, {
    firstName: text('firstName') ?? visit?.firstName ?? null,
    lastName: text('lastName') ?? visit?.lastName ?? null,
    email: text('email'),
    phone: text('phone'),
    companyName: text('companyName') ?? text('contractorCompanyName'),
  });
  return action === 'DENY' ? 'REFUSED' : action === 'HOLD' ? 'HELD' : null;
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
  const decided = entryDecision(data, result);
  const visit = preset?.visit ?? null;
  const watch = decided.refusal === null ? await watchedOnDevice(source, result, visit) : null;
  const { flagged } = decided;
  const refusal = watch === 'REFUSED' ? 'WATCHLIST' : decided.refusal;
  const allowed = refusal === null && watch === null;
  const codes = visit ? undefined : newVisitCodes();
  const { id, ...payload } = result;
  const person = preset?.person;
  // A visit is proven by its public identifier (its own link), a person by their pass or ticket:
  // either stands for the mobile token a link without ?mt= lacks.
  const proof = {
    ...(preset?.visit?.publicIdentifier ? { publicIdentifier: preset.visit.publicIdentifier } : {}),
    ...(person
      ? { personId: person.personId, passIdentifier: person.passIdentifier, personTicket: person.personTicket }
      : {}),
  };
  const { visitId, mutationId } = await commitCheckIn(
    source.runner.db,
    {
      ...payload,
      ...proof,
      mt: source.channel.mt,
      locale: currentLocale(),
      // The notice this device shows (its cached copy on a kiosk): recorded with the visit.
      privacyNoticeVersion: source.building.privacyNotice?.version ?? null,
    },
    {
      visitId: id,
      allowed,
      ...(watch ? { watch } : {}),
      ...(codes ? { codes } : {}),
      ...(visit
        ? {
            knownCodes: {
              identifier: visit.identifier || null,
              publicIdentifier: visit.publicIdentifier || null,
              pin: visit.pin ?? null,
            },
          }
        : {}),
    },
  );
  void source.runner.request();
  return {
    mutationId,
    visitId,
    response: {
      allowed,
      checkIn: allowed,
      meetingIdentifier: allowed ? (codes?.identifier ?? (visit?.identifier || null)) : null,
      publicIdentifier: allowed ? (codes?.publicIdentifier ?? (visit?.publicIdentifier || null)) : null,
      // An invitation's PIN, as its e-mail gave it: the one the visitor is told to keep.
      pin: allowed ? (codes?.pin ?? visit?.pin ?? null) : null,
      flagged,
      refusal,
      held: watch === 'HELD',
      // The watchlist's screen has its own words: the building's texts are for everyone else.
      message: allowed ? data.successFormText : watch ? '' : data.failureFormText,
      entryLogItem: null,
    },
  };
}
