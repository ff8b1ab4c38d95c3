// How a check-in entry is judged (checkin.service.ts runs the steps): the person, their answers,
// the door's decision, and the visit's columns that follow from them. The server trusts nothing
// the browser or the kiosk decided: every rule is applied again here (docs/check-in.md).
import {
  type AnsweredQuestionnaire,
  type BuildingSettings,
  type CheckInForm,
  type CheckInResponse,
  type WatchlistKind,
  type WizardQuestionnaire,
  durationError,
  durationToMinutes,
  enabledFields,
  entryDecision,
  fieldError,
  mergeCheckBack,
  splitDuration,
} from '@vestibule/shared';
import type { z } from 'zod';
import type { checkInRequestSchema } from '@vestibule/shared';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { KeyedBuilding } from '../buildings/buildingOfLink.repo.ts';
import {
  type IdentifiedPersonRow,
  durationOf,
  earlierAnswers,
  verifiedPerson,
  withPersonRecord,
} from '../identification/identifiedPerson.ts';
import { linkedQuestionnaires } from '../questionnaires/linkedQuestionnaires.repo.ts';
import { type CheckedHost, checkedHost } from '../visits/hosts.service.ts';
import { watchlistMatch } from '../watchlist/watchlist.service.ts';
import type { SamePerson } from '../visits/openVisits.repo.ts';
import type { VisitRow } from '../visits/visits.repo.ts';
import type { CheckInChannel } from './channel.ts';
import type { CheckInTiming } from './checkin.service.ts';
import { answeredQuestionnaires, checkTemperatures, postedAnswers, textValue } from './visitRules.ts';

type CheckInBody = z.output<typeof checkInRequestSchema>;

/** One entry as it is judged: its request, its channel and the building as the channel may see it. */
export interface Entry {
  body: CheckInBody;
  channel: CheckInChannel;
  timing: CheckInTiming;
  /** The visit checked into again (an invitation, a visit checked out), or undefined for a new one. */
  existing: VisitRow | undefined;
  /** A new visit is judged by the building kept in memory (its write checks it is current). */
  fromMemory: boolean;
  building: KeyedBuilding;
  settings: BuildingSettings;
  form: CheckInForm;
  /** The entry's time: now, or a kiosk's offline entry's. */
  at: Date;
  /** The person's photo the visit keeps, checked (visits/visitPhoto.ts `photoOfEntry`), or null. */
  photo: Buffer | null;
}

/** Who checks in: the person of the directory (if any) and the form's values. */
export interface EntryPerson {
  known: IdentifiedPersonRow | undefined;
  /** The form's enabled fields, checked and trimmed. */
  values: Record<string, string | boolean>;
  /** How the open-visit check recognises them. */
  person: SamePerson;
}

/**
 * How an employee's own check-in (a kiosk, a phone) names them (docs/check-in.md, "Employees"):
 * by their pass or a PIN identification's ticket; on an enrolled kiosk, by their name found in the
 * directory where the building allows it (`DIRECTORY`, then the person needs no proof: true); with
 * no person of the directory only where the building allows a typed name (`TYPED_NAME`). Anything
 * else answers 403 CHECK_IN_EMPLOYEE_NOT_IDENTIFIED. Staff at the desk vouch for anyone, and
 * checking back into a visit of a person of the directory names them already.
 */
function employeeFoundInDirectory(entry: Entry): boolean {
  const { body, channel, existing } = entry;
  if (channel.staff === true || body.visitorType !== 'EMPLOYEE') return false;
  const mode = entry.settings.employeeCheckIn;
  if (body.personId === null) {
    if (existing?.person_id || mode === 'TYPED_NAME') return false;
    throw new AppError('CHECK_IN_EMPLOYEE_NOT_IDENTIFIED');
  }
  if (body.passIdentifier !== null || body.personTicket !== null) return false;
  if (channel.fromKiosk && mode !== 'IDENTIFIED') return true;
  throw new AppError('CHECK_IN_EMPLOYEE_NOT_IDENTIFIED');
}

/**
 * The person: one of the directory checked again at the entry's time (nothing is read for a
 * check-in without one), and the form's enabled fields, each checked by the rule its settings
 * derive. Checking back in merges with what is stored (shared rule): blanks never erase stored
 * values; a linked visit takes the record's names.
 */
export async function personOfEntry(ctx: ServerContext, entry: Entry, host: EntryHost): Promise<EntryPerson> {
  const { body, existing, building, form } = entry;
  const foundInDirectory = employeeFoundInDirectory(entry);
  const known =
    body.personId === null
      ? undefined
      : await verifiedPerson(
          ctx,
          building,
          { ...body, personId: body.personId, trusted: entry.channel.staff === true || foundInDirectory },
          entry.at,
        );
  // A host chosen from the list is the form's host, by the name the building knows them by.
  const posted = host.linked ? { ...body.checkInForm, host: host.linked.name } : body.checkInForm;
  const merged = existing ? mergeCheckBack(form, existing.check_in_form, posted) : posted;
  const submitted = known ? withPersonRecord(form, merged, known) : merged;
  const values: Record<string, string | boolean> = {};
  for (const [key, field] of enabledFields(form)) {
    const value = submitted[key];
    const error = fieldError(key, field, value);
    if (error)
      throw new AppError(
        error === 'required' ? 'MISSING' : error === 'email' ? 'EMAIL_IS_NOT_VALID' : 'VALIDATION_FAILED',
        { field: key },
      );
    if (value !== undefined) values[key] = typeof value === 'string' ? value.trim() : value;
  }
  const person = {
    personId: known?.id ?? existing?.person_id ?? null,
    email: textValue(values, 'email'),
    firstName: textValue(values, 'firstName'),
    lastName: textValue(values, 'lastName'),
  };
  return { known, values, person };
}

/** The host the entry links (checked now), before the form is read. */
export interface EntryHost {
  linked: CheckedHost | undefined;
}

/**
 * The host link of the entry, checked at the entry's application (a kiosk's offline entry: when it
 * syncs): a person or a user who can host the building now, else MEETING_HOST_NOT_EMPLOYEE.
 */
export async function hostLinkOfEntry(ctx: ServerContext, entry: Entry): Promise<EntryHost> {
  return { linked: await checkedHost(ctx, entry.building, entry.body) };
}

/**
 * The visit's host columns: the host linked; or, with no link, the visit's own host when the
 * form keeps its name (an invitation checked in), else the name typed, which a building that
 * asks for a host from its directory refuses (HOST_NOT_CHOSEN; docs/check-in.md, "The host").
 */
export function hostColumnsOf(entry: Entry, who: EntryPerson, host: EntryHost) {
  const { existing, settings, form } = entry;
  if (host.linked) {
    return { host: host.linked.name, host_person_id: host.linked.personId, host_user_id: host.linked.userId };
  }
  const typed = textValue(who.values, 'host');
  if (existing && (typed === null || typed === existing.host?.trim())) {
    return { host: existing.host, host_person_id: existing.host_person_id, host_user_id: existing.host_user_id };
  }
  if (typed !== null && form.host.enabled && !settings.allowFreeTextHost) {
    throw new AppError('HOST_NOT_CHOSEN', { field: 'host' });
  }
  return { host: typed, host_person_id: null, host_user_id: null };
}

/** The entry's questionnaires and the answers stored for them. */
export interface EntryAnswers {
  questionnaires: WizardQuestionnaire[];
  stored: AnsweredQuestionnaire[];
  /** The answers by question id, as the door's decision reads them. */
  flat: Record<string, string>;
  /** When they were given; null when none were (a desk check-in that does not ask them). */
  answeredAt: Date | null;
}

/**
 * Whether this entry is staff's at the desk of a building that does not ask the entry
 * questionnaires there (`questionnairesOnStaffCheckIn` off): the person is checked in with their
 * details alone; no answers, consent or temperature are needed, those given are still judged
 * (docs/check-in.md, "At the desk").
 */
export function deskWithoutQuestions(entry: Pick<Entry, 'channel' | 'settings'>): boolean {
  return entry.channel.staff === true && !entry.settings.questionnairesOnStaffCheckIn;
}

const unanswered = (questionnaires: WizardQuestionnaire[]): EntryAnswers => ({
  questionnaires,
  stored: [],
  flat: {},
  answeredAt: null,
});

/**
 * The answers: those given, checked against the building's entry questionnaires for the person
 * type; or, when none are given, earlier ones while they hold: the visit's own when checking back
 * in (an employee's for the building's validity timeout), or a person's of the directory from
 * their latest entry, judged again by today's questionnaires.
 */
export async function answersOfEntry(ctx: ServerContext, entry: Entry, who: EntryPerson): Promise<EntryAnswers> {
  const { body, existing, building } = entry;
  const visitorType = body.visitorType;
  const questionnaires = await (entry.fromMemory
    ? ctx.checkInConfigs.entryQuestionnaires(ctx.db, building, visitorType)
    : linkedQuestionnaires(ctx.db, building.id, 'ENTRY', visitorType));
  if (existing?.questionnaires_answered_at && body.questionnairesAnswers.length === 0) {
    const validMinutes = durationToMinutes(entry.settings.questionnairesValidityTimeout) ?? 0;
    const answeredAt = new Date(existing.questionnaires_answered_at);
    if (visitorType === 'EMPLOYEE' && Date.now() - answeredAt.getTime() > validMinutes * 60_000) {
      if (deskWithoutQuestions(entry)) return unanswered(questionnaires);
      throw new AppError('CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID');
    }
    const stored = existing.questionnaires_answers;
    const flat = Object.fromEntries(stored.flatMap((q) => q.items.map((item) => [item.questionId, item.answer])));
    return { questionnaires, stored, flat, answeredAt };
  }
  const noneGiven = body.questionnairesAnswers.every((q) => isEmpty(q.answers));
  if (deskWithoutQuestions(entry) && noneGiven) return unanswered(questionnaires);
  const earlier =
    who.known && !existing && questionnaires.length > 0 && noneGiven
      ? await earlierAnswers(ctx, building, who.known, entry.at)
      : undefined;
  if (!earlier)
    return {
      questionnaires,
      ...answeredQuestionnaires(questionnaires, body.questionnairesAnswers),
      answeredAt: new Date(),
    };
  const given = postedAnswers(earlier.answers);
  try {
    return { questionnaires, ...answeredQuestionnaires(questionnaires, given), answeredAt: earlier.answeredAt };
  } catch (error) {
    if (error instanceof AppError) throw new AppError('CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID');
    throw error;
  }
}

const isEmpty = (answers: Record<string, string>) => Object.keys(answers).length === 0;

/** What the door decided, and what the visit keeps of the wizard's other steps. */
export interface EntryVerdict {
  allowed: boolean;
  refusal: CheckInResponse['refusal'];
  flagged: boolean;
  consentAccepted: boolean;
  measures: { tempMeasure1: number | null; tempMeasure2: number | null };
  duration: string;
  /** Where the e-mail-me copy goes, or null. */
  emailMe: string | null;
  /** Let in only once staff approve: the watchlist holds the visitor at the door. */
  held: boolean;
  /** The watchlist's entry the visitor matched, or null. */
  watchlistEntryId: string | null;
  /** How that entry matched (its kind: name, e-mail, phone, company), or null. */
  watchlistKind: WatchlistKind | null;
}

/**
 * The door's decision: the consent, the stay's duration, the e-mail-me address and the measures
 * the building asks for, then let in or refused by the shared rule the kiosk applies offline
 * (`entryDecision`: an alert answer or a temperature refuses). Checking back into an existing
 * visit keeps the consent and measures it already has. Staff at a desk that does not ask the
 * questionnaires need no consent or measure (one typed is still checked).
 */
export function decideEntry(entry: Entry, who: EntryPerson, answers: EntryAnswers): EntryVerdict {
  const { body, existing, settings } = entry;
  const consentAccepted = body.consentAccepted || (existing?.consent_accepted ?? false);
  // At a desk that does not ask the questionnaires, staff neither ask the consent nor measure.
  const desk = deskWithoutQuestions(entry);
  if (settings.consentClauseEnabled && !consentAccepted && !desk)
    throw new AppError('MISSING', { field: 'consentAccepted' });
  const measures = {
    tempMeasure1: body.tempMeasure1 ?? existing?.temp_measure1 ?? null,
    tempMeasure2: body.tempMeasure2 ?? existing?.temp_measure2 ?? null,
  };
  const duration =
    body.scheduledDuration ??
    existing?.scheduled_duration ??
    (who.known ? durationOf(who.known) : null) ??
    settings.defaultMeetingDuration;
  const { hours, minutes } = splitDuration(duration);
  if (durationError(hours, minutes, body.visitorType) === 'required') throw new AppError('EMPTY_MEETING_DURATION');
  const emailMe = body.emailMeActive && settings.emailMeEnabled ? body.emailMeEmail || null : null;
  if (body.emailMeActive && settings.emailMeEnabled && !emailMe)
    throw new AppError('MISSING', { field: 'emailMeEmail' });

  // Measures are asked only where the wizard has its entry step: measuring with manual entry allowed.
  const measured = settings.checkInTemperatureMeasuresEnabled && settings.allowCheckInManualTemperatureMeasure;
  checkTemperatures(measured && !(desk && measures.tempMeasure1 === null), measures, settings);
  const { refusal, flagged } = entryDecision(
    {
      questionnaires: answers.questionnaires,
      checkInTemperatureMeasuresEnabled: settings.checkInTemperatureMeasuresEnabled,
      allowCheckInManualTemperatureMeasure: settings.allowCheckInManualTemperatureMeasure,
      minTemperature: settings.minAllowedTemperature,
      maxTemperature: settings.maxAllowedTemperature,
    },
    { questionnairesAnswers: [{ answers: answers.flat }], ...measures },
  );
  return {
    allowed: refusal === null,
    refusal,
    flagged,
    consentAccepted,
    measures,
    duration,
    emailMe,
    held: false,
    watchlistEntryId: null,
    watchlistKind: null,
  };
}

/**
 * Who the visitor is, as the visit records them and the watchlist judges them: a visit checked
 * into again keeps what it holds where the form leaves a value out (an invitation's visitor when
 * the form has no such field).
 */
function visitorColumns({ existing }: Entry, { person, values }: EntryPerson) {
  return {
    first_name: person.firstName ?? existing?.first_name ?? null,
    last_name: person.lastName ?? existing?.last_name ?? null,
    email: person.email ?? existing?.email ?? null,
    phone: textValue(values, 'phone') ?? existing?.phone ?? null,
    company_name:
      textValue(values, 'companyName') ?? textValue(values, 'contractorCompanyName') ?? existing?.company_name ?? null,
  };
}

/**
 * What the company's watchlist makes of the door's decision (docs/watchlist.md), on a visitor's
 * own channels (a phone, a kiosk): a visitor matching a DENY entry is refused (WATCHLIST), one
 * matching a HOLD entry waits until staff approve. A kiosk's entry made offline is held whatever
 * the entry's action: the kiosk could not ask, so staff decide. Staff at the desk see who they let
 * in and are not stopped. The visit keeps the entry matched.
 */
export async function watchedVerdict(
  ctx: ServerContext,
  entry: Entry,
  who: EntryPerson,
  verdict: EntryVerdict,
): Promise<EntryVerdict> {
  if (entry.channel.staff === true) return verdict;
  const visitor = visitorColumns(entry, who);
  const match = await watchlistMatch(ctx, entry.building.tenant_id, {
    firstName: visitor.first_name,
    lastName: visitor.last_name,
    email: visitor.email,
    phone: visitor.phone,
    companyName: visitor.company_name,
  });
  if (!match) return verdict;
  const queued = entry.timing.queued === true && entry.channel.fromKiosk;
  if (match.action === 'DENY' && !queued && verdict.allowed)
    return { ...verdict, allowed: false, refusal: 'WATCHLIST', watchlistEntryId: match.id, watchlistKind: match.kind };
  return { ...verdict, held: verdict.allowed, watchlistEntryId: match.id, watchlistKind: match.kind };
}

/**
 * The version of the company's privacy notice the visitor was shown (docs/privacy.md): the one
 * their device says it showed (a kiosk's cached copy, perhaps older) when the company has it
 * (versions run from 1 and are never removed), else the one in force; none before the first.
 */
function noticeVersionShown(shown: number | null, inForce: number | null): number | null {
  if (inForce === null) return null;
  return shown !== null && shown <= inForce ? shown : inForce;
}

/** The visit's codes and the columns the entry writes. */
export function visitColumns(
  entry: Entry,
  who: EntryPerson,
  answers: EntryAnswers,
  decision: EntryVerdict,
  host: ReturnType<typeof hostColumnsOf>,
) {
  const { body, existing, channel } = entry;
  const { values, person } = who;
  const { allowed } = decision;
  return {
    // A linked visit keeps the person's own type (a resident checks in with the visitors' form).
    visitor_type: who.known?.visitor_type ?? body.visitorType,
    person_id: person.personId,
    ...visitorColumns(entry, who),
    ...host,
    check_in_form: JSON.stringify(values),
    scheduled_duration: decision.duration,
    // Held by the watchlist: not in until staff approve (the host's notice follows the check-in).
    checked_in_at: allowed && !decision.held ? entry.at : null,
    watch_hold: decision.held ? ('HELD' as const) : null,
    watchlist_entry_id: decision.watchlistEntryId ?? existing?.watchlist_entry_id ?? null,
    // Checking back in after a check-out opens the visit again.
    ...(allowed
      ? {
          checked_out_at: null,
          checkout_method: null,
          exit_temp_measure1: null,
          exit_temp_measure2: null,
          exit_comments: null,
        }
      : {}),
    allowed,
    refusal_reason: decision.refusal,
    flagged: decision.flagged,
    temp_measure1: decision.measures.tempMeasure1,
    temp_measure2: decision.measures.tempMeasure2,
    comments: body.comments,
    questionnaires_answers: JSON.stringify(answers.stored),
    questionnaires_answered_at: answers.answeredAt,
    consent_accepted: decision.consentAccepted,
    email_me: decision.emailMe,
    locale: channel.locale,
    privacy_notice_version: noticeVersionShown(body.privacyNoticeVersion, entry.building.privacy_notice_version),
    source: channel.staff ? ('STAFF' as const) : channel.fromKiosk ? ('KIOSK' as const) : ('OWN_DEVICE' as const),
    device_id: body.deviceId,
    ...entry.timing.columns,
  };
}
