import {
  type CheckInData,
  type CheckInField,
  type ReturningVisitor,
  type VisitCounter,
  type VisitListItem,
  type VisitStats,
  type VisitDetail,
  type WizardQuestionnaire,
  checkInDataSchema,
  checkInResponseSchema,
  heldVisitListSchema,
  defaultCheckInForm,
  deskCheckInDataSchema,
  hostCandidateSchema,
  visitCheckInDataSchema,
  visitListItemSchema,
  visitListSchema,
  visitStatsSchema,
  personSchema,
  returningVisitorSchema,
  visitCounters,
  visitDetailSchema,
} from '@vestibule/shared';
import type { LiveVisitEvent, LiveVisitKind } from '@vestibule/shared/contract';
import { vi } from 'vitest';
import { type Answers, answerCalls } from '../../../test/answerCalls.ts';
import { HQ, personFixture } from '../../../test/fixtures.ts';

// A small entry log that answers like the server's contract (every answer is parsed by the shared
// schemas) and keeps its visits: a check-in, check-out or cancellation shows in the next list.

/** The building of the test session's company (test/fixtures.ts tenantSelection). */
export { HQ };
const NOW = () => new Date().toISOString();

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `0190a8f2-0000-7000-8000-${String(500 + sequence).padStart(12, '0')}`;
};

export function visitFixture(firstName: string, lastName: string, changes: Partial<VisitListItem> = {}) {
  const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
  return visitListItemSchema.parse({
    id: nextId(),
    identifier: `V${String(sequence).padStart(5, '0')}`,
    publicIdentifier: `pub-${sequence}`,
    buildingId: HQ.id,
    buildingName: HQ.name,
    visitorType: 'VISITOR',
    firstName,
    lastName,
    host: 'Hana Host',
    scheduledAt: inAnHour,
    scheduledDuration: 'PT1H',
    checkedInAt: null,
    checkedOutAt: null,
    status: 'TODAY',
    allowed: true,
    flagged: false,
    email: `${firstName.toLowerCase()}@example.com`,
    phone: null,
    companyName: null,
    hostPersonId: null,
    hostUserId: null,
    isInvitation: true,
    cancelledAt: null,
    refusal: null,
    checkoutMethod: null,
    // The test's own zone: times read as on the viewer's clock, no zone named.
    timeZoneId: Intl.DateTimeFormat().resolvedOptions().timeZone,
    hasPhoto: false,
    held: false,
    anonymised: false,
    ...changes,
  });
}

/** The stored visit behind a row, with what only the detail shows. */
export function detailOf(visit: VisitListItem, changes: Partial<VisitDetail> = {}): VisitDetail {
  return visitDetailSchema.parse({
    ...visit,
    checkInForm: { firstName: visit.firstName ?? '', lastName: visit.lastName ?? '', licencePlate: 'AB-123-CD' },
    tempMeasure1: null,
    tempMeasure2: null,
    comments: null,
    exitTempMeasure1: null,
    exitTempMeasure2: null,
    exitComments: null,
    questionnairesAnswers: [],
    exitQuestionnairesAnswers: [],
    consentAccepted: false,
    emailMe: null,
    source: 'STAFF',
    deviceId: null,
    createdAt: '2026-03-02T08:00:00.000Z',
    personId: null,
    invitedBy: '0190a8f2-0000-7000-8000-0000000000aa',
    invitedByName: 'Frida Front',
    expiredAt: null,
    locale: 'en',
    ...changes,
  });
}

export const healthQuestionnaire: WizardQuestionnaire = {
  id: '0190a8f2-0000-7000-8000-00000000c001',
  name: 'Health check',
  items: [
    {
      id: '0190a8f2-0000-7000-8000-00000000c011',
      text: 'Do you have a **fever** today?',
      questionType: 'YESNO',
      alertAnswer: 'YES',
      warningAnswer: null,
      previousQuestionId: null,
      previousQuestionAnswer: null,
    },
  ],
};

/**
 * The building's form as a new building has it: the host mandatory (not for employees), first and
 * last name, e-mail and phone, the company (the contractor's for contractors).
 */
export function deskCheckInData(changes: Partial<CheckInData> = {}): CheckInData {
  const form = checkInDataFixture().checkInForm;
  const on = (mandatory: boolean) => ({ enabled: true, mandatory });
  return checkInDataFixture({
    checkInForm: {
      ...form,
      host: { ...form.host!, ...on(true), order: 2 },
      email: { ...form.email!, ...on(false), order: 3 },
      companyName: { ...form.companyName!, ...on(false), order: 4 },
      contractorCompanyName: { ...form.contractorCompanyName!, ...on(true), order: 5 },
    },
    ...changes,
  });
}

/** The building's check-in wizard for visitors: first and last name, one questionnaire, comments. */
export function checkInDataFixture(changes: Partial<CheckInData> = {}): CheckInData {
  const form: Record<string, CheckInField> = { ...defaultCheckInForm('VISITOR') };
  for (const key of Object.keys(form)) form[key] = { ...form[key]!, enabled: false, mandatory: false };
  form.firstName = { ...form.firstName!, enabled: true, mandatory: true, order: 0 };
  form.lastName = { ...form.lastName!, enabled: true, mandatory: true, order: 1 };
  return checkInDataSchema.parse({
    qrCodeKey: 'hq-key',
    visitorType: 'VISITOR',
    defaultMeetingDuration: 'PT1H',
    checkInForm: form,
    questionnaires: [healthQuestionnaire],
    consentClauseActive: false,
    consentClauseText: '',
    emailMeActive: false,
    checkInTemperatureMeasuresEnabled: false,
    allowCheckInManualTemperatureMeasure: false,
    checkOutTemperatureMeasuresEnabled: false,
    allowCheckOutManualTemperatureMeasure: false,
    commentsEnabled: true,
    temperatureUnit: 'CELSIUS',
    minTemperature: null,
    maxTemperature: null,
    cameras: { ENTRY: {}, EXIT: {} },
    successFormText: 'Welcome!',
    failureFormText: 'Please wait for the reception.',
    allowFreeTextHost: false,
    ...changes,
  });
}

export const hana = hostCandidateSchema.parse({
  personId: '0190a8f2-0000-7000-8000-00000000d001',
  userId: null,
  firstName: 'Hana',
  lastName: 'Host',
  department: 'Sales',
});

/** Nora of the directory, a visitor of HQ. */
export const directoryVisitor = personFixture('Nora', 'Regular', {
  id: '0190a8f2-0000-7000-8000-00000000e001',
  visitorType: 'VISITOR',
  companyName: 'Initech',
  defaultDuration: null,
});

/** Eli of the directory, an employee of HQ with a default duration of 8 hours. */
export const directoryEmployee = personSchema.parse({
  ...directoryVisitor,
  id: '0190a8f2-0000-7000-8000-00000000e002',
  firstName: 'Eli',
  lastName: 'Employee',
  email: 'eli@example.com',
  visitorType: 'EMPLOYEE',
  companyName: null,
  defaultDuration: 480,
});

/**
 * The desk's returning visitors as the server finds them: those checked in and let in, each once
 * (by name here), newest first, by the beginning of a name or company.
 */
function returningOf(visits: VisitListItem[], search: string | undefined): ReturningVisitor[] {
  const text = (search ?? '').toLowerCase();
  const seen = new Set<string>();
  return visits
    .filter((visit) => visit.checkedInAt !== null && visit.allowed)
    .sort((a, b) => (b.checkedInAt ?? '').localeCompare(a.checkedInAt ?? ''))
    .filter((visit) =>
      [visit.firstName, visit.lastName, visit.companyName].some((value) => value?.toLowerCase().startsWith(text)),
    )
    .filter((visit) => {
      const key = `${visit.firstName} ${visit.lastName}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((visit) =>
      returningVisitorSchema.parse({
        visitId: visit.id,
        personId: null,
        visitorType: visit.visitorType,
        firstName: visit.firstName,
        lastName: visit.lastName,
        email: visit.email,
        companyName: visit.companyName,
        host: visit.host,
        hostPersonId: visit.hostPersonId,
        hostUserId: visit.hostUserId,
        checkInForm: { firstName: visit.firstName ?? '', lastName: visit.lastName ?? '', host: visit.host ?? '' },
        lastCheckedInAt: visit.checkedInAt,
        inside: visit.status === 'IN' || visit.status === 'LATE',
      }),
    );
}

interface FakeOptions {
  checkInData?: CheckInData;
  /** The building asks its entry questionnaires at the desk (`questionnairesOnStaffCheckIn`). */
  askAtDesk?: boolean;
  /** GET /meeting/{id}/check-in says the visit's answers no longer hold. */
  expired?: boolean;
  /** The next staff check-in (or fast check-in) is refused at the door (an alert answer). */
  refuseCheckIn?: boolean;
  exitQuestionnaires?: WizardQuestionnaire[];
  overrides?: Answers;
}

/** The entry log's calls answered from `visits`, which the actions change. */
export function fakeEntryLog(initial: VisitListItem[], options: FakeOptions = {}) {
  const visits = new Map(initial.map((visit) => [visit.id, visit]));
  const details = new Map<string, VisitDetail>();
  const detail = (id: string) => details.get(id) ?? detailOf(visits.get(id)!);
  const update = (id: string, changes: Partial<VisitListItem>) => {
    const visit = { ...visits.get(id)!, ...changes };
    visits.set(id, visit);
    details.delete(id);
    return detailOf(visit);
  };
  const wizard = options.checkInData ?? checkInDataFixture();

  // What each counter counts, as the server's one rule does for the counters and the list alike.
  const counts: Record<VisitCounter, (visit: VisitListItem) => boolean> = {
    inBuilding: (visit) => visit.status === 'IN' || visit.status === 'LATE',
    expectedToday: (visit) => visit.allowed && (visit.status === 'TODAY' || visit.status === 'SOON'),
    leavingWithinHour: (visit) => visit.status === 'IN' && visit.scheduledDuration === 'PT30M',
    checkedOutToday: (visit) => visit.status === 'OUT',
  };
  const stats = (buildingId: string): VisitStats => {
    const all = [...visits.values()];
    const count = (counter: VisitCounter) => all.filter(counts[counter]).length;
    return visitStatsSchema.parse({
      buildingId,
      timeZoneId: 'Europe/Paris',
      inBuilding: count('inBuilding'),
      expectedToday: count('expectedToday'),
      leavingWithinHour: count('leavingWithinHour'),
      checkedOutToday: count('checkedOutToday'),
    });
  };
  const listed = (counter: string | undefined) => {
    const tile = visitCounters.find((candidate) => candidate === counter);
    return [...visits.values()].filter((visit) => tile === undefined || counts[tile](visit));
  };

  // A visitor held since the fake started (ten minutes ago), the longest waiting first as listed.
  const heldSince = new Date(Date.now() - 600_000).toISOString();
  const answers: Answers = {
    'GET /meetings/held': () =>
      heldVisitListSchema.parse({
        docs: [...visits.values()].filter((visit) => visit.held).map((visit) => ({ ...visit, heldSince })),
      }),
    'GET /meeting': ({ query }) => {
      const docs = listed(query.counter);
      return visitListSchema.parse({ docs, totalDocs: docs.length, totalCapped: false });
    },
    'GET /meetingStats/:buildingId': ({ params }) => stats(params.buildingId!),
    'GET /meetings/meetings.csv': () =>
      new Response('Last name,First name\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    'GET /meeting/:id': ({ params }) => detail(params.id!),
    'GET /meeting/:id/check-in': ({ params }) => {
      const visit = detail(params.id!);
      return visitCheckInDataSchema.parse({
        status: options.expired ? 'expired' : 'allowed',
        visit,
        wizard: { ...wizard, questionnairesOnStaffCheckIn: options.askAtDesk ?? true },
        prefill: {
          visitorType: 'VISITOR',
          checkInForm: { firstName: visit.firstName ?? '', lastName: visit.lastName ?? '' },
          questionnairesAnswers: [],
          scheduledDuration: visit.scheduledDuration,
        },
      });
    },
    'PATCH /meeting/:id/check-in': ({ params }) => {
      const refused = options.refuseCheckIn === true;
      const visit = refused
        ? update(params.id!, { allowed: false, refusal: 'ALERT_ANSWER', status: 'REFUSED' })
        : update(params.id!, { checkedInAt: NOW(), status: 'IN' });
      return checkInResponseSchema.parse({
        allowed: !refused,
        checkIn: !refused,
        meetingIdentifier: visit.identifier,
        publicIdentifier: visit.publicIdentifier,
        pin: '1234',
        flagged: false,
        refusal: refused ? 'ALERT_ANSWER' : null,
        held: false,
        message: refused ? wizard.failureFormText : wizard.successFormText,
        entryLogItem: null,
      });
    },
    'GET /meeting/:id/check-out': ({ params }) => ({
      visit: visits.get(params.id!)!,
      exitQuestionnaires: options.exitQuestionnaires ?? [],
      checkOutTemperatureMeasuresEnabled: false,
      allowCheckOutManualTemperatureMeasure: false,
      commentsEnabled: true,
      temperatureUnit: 'CELSIUS',
      minTemperature: null,
      maxTemperature: null,
    }),
    'PATCH /meeting/:id/check-out': ({ params }) =>
      update(params.id!, { checkedOutAt: NOW(), status: 'OUT', checkoutMethod: 'STAFF' }),
    'PATCH /meeting/:id/check-in-back': ({ params }) =>
      update(params.id!, { checkedOutAt: null, status: 'IN', checkoutMethod: null }),
    'POST /meeting/instantReplacementCheckin': ({ body }) => {
      const from = visits.get(body.meetingId)!;
      const visit = visitFixture(from.firstName ?? '', from.lastName ?? '', {
        status: 'IN',
        checkedInAt: NOW(),
        scheduledAt: null,
        isInvitation: false,
        companyName: from.companyName,
        host: from.host,
        hostPersonId: from.hostPersonId,
        hostUserId: from.hostUserId,
      });
      visits.set(visit.id, visit);
      return checkInResponseSchema.parse({
        allowed: true,
        checkIn: true,
        meetingIdentifier: visit.identifier,
        publicIdentifier: visit.publicIdentifier,
        pin: '4321',
        flagged: false,
        refusal: null,
        held: false,
        message: wizard.successFormText,
        entryLogItem: null,
      });
    },
    'GET /meeting/building/:id/checkInData': ({ query }) =>
      deskCheckInDataSchema.parse({
        ...wizard,
        visitorType: checkInDataSchema.shape.visitorType.parse(query.visitorType),
        questionnairesOnStaffCheckIn: options.askAtDesk ?? false,
      }),
    'GET /meeting/building/:id/returning': ({ query }) => ({ docs: returningOf([...visits.values()], query.search) }),
    'POST /meetingWithCheckIn': ({ body }) => {
      const fast = body;
      const person = [directoryVisitor, directoryEmployee].find((candidate) => candidate.id === fast.personId);
      const form: Record<string, unknown> = fast.checkInForm ?? {};
      const typed = (key: string) => (typeof form[key] === 'string' ? String(form[key]) : '');
      const refused = options.refuseCheckIn === true;
      const visit = visitFixture(person?.firstName ?? typed('firstName'), person?.lastName ?? typed('lastName'), {
        status: refused ? 'REFUSED' : 'IN',
        checkedInAt: refused ? null : NOW(),
        allowed: !refused,
        refusal: refused ? 'ALERT_ANSWER' : null,
        held: false,
        scheduledAt: null,
        isInvitation: false,
        host: fast.hostPersonId === hana.personId ? `${hana.firstName} ${hana.lastName}` : typed('host') || null,
        hostPersonId: fast.hostPersonId ?? null,
        hostUserId: fast.hostUserId ?? null,
      });
      visits.set(visit.id, visit);
      return checkInResponseSchema.parse({
        allowed: !refused,
        checkIn: !refused,
        meetingIdentifier: visit.identifier,
        publicIdentifier: visit.publicIdentifier,
        pin: '5678',
        flagged: false,
        refusal: refused ? 'ALERT_ANSWER' : null,
        held: false,
        message: refused ? wizard.failureFormText : wizard.successFormText,
        entryLogItem: null,
      });
    },
    'POST /meeting/:id/resendInvitation': ({ params }) => detail(params.id!),
    'PATCH /meeting/:id': ({ params, body }) => update(params.id!, body as Partial<VisitListItem>),
    'PATCH /meeting/:id/cancel': ({ params }) => update(params.id!, { cancelledAt: NOW(), status: 'CANCELLED' }),
    'POST /meeting/:id/approveHeld': ({ params }) =>
      update(params.id!, { held: false, checkedInAt: NOW(), status: 'IN' }),
    'POST /meeting/:id/refuseHeld': ({ params }) =>
      update(params.id!, { held: false, allowed: false, refusal: 'WATCHLIST', status: 'REFUSED' }),
    'DELETE /meeting/:id': ({ params }) => {
      visits.delete(params.id!);
      return { ok: true };
    },
    'POST /meeting': ({ body }) => {
      const invite = body;
      const person = invite.personId ? directoryVisitor : null;
      const visit = visitFixture(
        person?.firstName ?? invite.firstName ?? '',
        person?.lastName ?? invite.lastName ?? '',
        {
          email: person?.email ?? invite.email ?? null,
          host: `${hana.firstName} ${hana.lastName}`,
          hostPersonId: hana.personId,
        },
      );
      visits.set(visit.id, visit);
      return json201(detailOf(visit));
    },
    'GET /meeting/building/:id/employee': () => ({ docs: [hana] }),
    'GET /people': ({ query }) => {
      const search = (query.search ?? '').toLowerCase();
      const docs = [directoryVisitor, directoryEmployee].filter(
        (person) =>
          (query.visitorType === undefined || person.visitorType === query.visitorType) &&
          [person.firstName, person.lastName, person.email].some((value) => value?.toLowerCase().startsWith(search)),
      );
      return { docs, totalDocs: docs.length, totalCapped: false };
    },
    'POST /live/ticket': () => ({
      ticket: `ticket-${sequence}`,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    }),
    ...options.overrides,
  };
  const live = fakeLiveStreams();
  return {
    calls: answerCalls(answers),
    visits,
    /** Another device changed a visit: the open live streams say so, as the server's would. */
    changedElsewhere: (visit: VisitListItem, kind: LiveVisitKind) => {
      visits.set(visit.id, visit);
      live.emit({
        seq: ++eventSeq,
        tenantId: '0190a8f2-0000-7000-8000-000000000001',
        buildingId: visit.buildingId,
        visitId: visit.id,
        count: 1,
        kind,
        at: NOW(),
      });
    },
    live,
  };
}

let eventSeq = 0;

/** The streams GET /live/visits opened (the browser's EventSource, which jsdom lacks), until the test ends. */
function fakeLiveStreams() {
  const streams: FakeEventSource[] = [];
  class FakeEventSource {
    readonly url: string;
    onerror: ((event: Event) => void) | null = null;
    closed = false;
    private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
    constructor(url: string) {
      this.url = url;
      streams.push(this);
      // The server says the stream is open once it listens.
      queueMicrotask(() => this.dispatch('ready', JSON.stringify({ resumed: false })));
    }
    addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    close() {
      this.closed = true;
    }
    dispatch(type: string, data: string, id?: string) {
      if (this.closed) return;
      for (const listener of this.listeners.get(type) ?? [])
        listener(new MessageEvent(type, { data, lastEventId: id }));
    }
  }
  vi.stubGlobal('EventSource', FakeEventSource);
  return {
    /** The URLs of the streams opened, in order. */
    opened: () => streams.map((stream) => stream.url),
    open: () => streams.filter((stream) => !stream.closed),
    emit: (event: LiveVisitEvent) => {
      for (const stream of streams) stream.dispatch('visit', JSON.stringify(event), String(event.seq));
    },
  };
}

function json201(payload: unknown): Response {
  return new Response(JSON.stringify(payload), { status: 201, headers: { 'content-type': 'application/json' } });
}
