import {
  type AnsweredQuestionnaire,
  type VisitorType,
  minutesToDuration,
  newVisitCodes,
  uuidv7,
  zonedInstant,
} from '@vestibule/shared';
import type { Db } from '../database.ts';
import { demoHq } from './demoCommon.ts';
import { silhouetteJpeg } from './jpeg.ts';
import { addDays, todayIn } from './demoPeople.ts';

// A living day at Demo HQ for `npm start`: about thirty visits around the moment the
// server starts, so a newcomer signing in sees a real entry log, real counters and an evacuation
// list with people in it. Written again at a start on a later day of the building: the earlier
// demo day's visits (their ids are kept with the marker) give way to today's. Visits anyone
// made meanwhile are never touched.

const MARKER = 'demo_visits_day';
const MINUTE = 60_000;

/** Visitors who are not in the directory (hosts and regulars are). */
const guests: [string, string, string][] = [
  ['Hannah', 'Schultz', 'Lumen Analytics'],
  ['Tomás', 'Herrera', 'Andes Logistics'],
  ['Priya', 'Raman', 'Northbeam Capital'],
  ['Jonas', 'Lindqvist', 'Fjord Design'],
  ['Aisha', 'Bello', 'Harbour Legal'],
  ['Marc', 'Dubois', 'Atelier Dubois'],
  ['Yuki', 'Mori', 'Kumo Systems'],
  ['Grace', 'Okoye', 'Bright Path Recruiting'],
  ['Daniel', 'Weiss', 'Weiss & Partner'],
  ['Laura', 'Conti', 'Conti Consulting'],
  ['Samuel', 'Ortega', 'Ortega Media'],
  ['Ingrid', 'Berg', 'Polar Foods'],
  ['Kwame', 'Asante', 'Gold Coast Imports'],
  ['Sofia', 'Marino', 'Marino Architects'],
  ['Oliver', 'Grant', 'Grant Insurance'],
  ['Mei', 'Chen', 'Jade River Tech'],
  ['Lucas', 'Moreau', 'Moreau Avocats'],
  ['Nadia', 'Haddad', 'Cedar Health'],
  ['Ethan', 'Walsh', 'Walsh Engineering'],
];

/** What a demo visit is at the moment of seeding, relative to `now` (minutes). */
type Shape =
  | { kind: 'in'; inAgo: number; duration: number; source: 'KIOSK' | 'OWN_DEVICE' | 'STAFF' }
  | { kind: 'out'; inAgo: number; outAgo: number; duration: number; by: 'KIOSK' | 'OWN_DEVICE' | 'STAFF' }
  | { kind: 'expected'; inMinutes: number; duration: number }
  | { kind: 'expired'; scheduledAgo: number; duration: number }
  | { kind: 'cancelled'; inMinutes: number; duration: number }
  | { kind: 'refused'; ago: number }
  | { kind: 'tomorrow'; at: string; duration: number };

/** The day: who comes (a guest, or a contractor or employee of the directory) and what became of it. */
const plan: { who: 'guest' | 'contractor' | 'employee'; shape: Shape }[] = [
  // In the building now: visitors, contractors on a long job, employees of the directory.
  { who: 'guest', shape: { kind: 'in', inAgo: 12, duration: 60, source: 'KIOSK' } },
  { who: 'guest', shape: { kind: 'in', inAgo: 35, duration: 90, source: 'OWN_DEVICE' } },
  { who: 'guest', shape: { kind: 'in', inAgo: 50, duration: 120, source: 'KIOSK' } },
  { who: 'guest', shape: { kind: 'in', inAgo: 75, duration: 180, source: 'STAFF' } },
  { who: 'guest', shape: { kind: 'in', inAgo: 100, duration: 240, source: 'KIOSK' } },
  { who: 'contractor', shape: { kind: 'in', inAgo: 150, duration: 480, source: 'KIOSK' } },
  { who: 'contractor', shape: { kind: 'in', inAgo: 170, duration: 360, source: 'OWN_DEVICE' } },
  { who: 'contractor', shape: { kind: 'in', inAgo: 45, duration: 240, source: 'STAFF' } },
  { who: 'employee', shape: { kind: 'in', inAgo: 65, duration: 480, source: 'KIOSK' } },
  { who: 'employee', shape: { kind: 'in', inAgo: 130, duration: 480, source: 'OWN_DEVICE' } },
  { who: 'employee', shape: { kind: 'in', inAgo: 200, duration: 480, source: 'KIOSK' } },
  // Leaving within the hour.
  { who: 'guest', shape: { kind: 'in', inAgo: 40, duration: 60, source: 'KIOSK' } },
  // Overdue: past the expected end by 20 minutes (the auto check-out is an hour after it).
  { who: 'guest', shape: { kind: 'in', inAgo: 110, duration: 90, source: 'KIOSK' } },
  // Gone: checked out at the kiosk, by phone, by staff.
  { who: 'guest', shape: { kind: 'out', inAgo: 300, outAgo: 230, duration: 60, by: 'KIOSK' } },
  { who: 'guest', shape: { kind: 'out', inAgo: 280, outAgo: 170, duration: 120, by: 'OWN_DEVICE' } },
  { who: 'guest', shape: { kind: 'out', inAgo: 240, outAgo: 200, duration: 30, by: 'STAFF' } },
  { who: 'guest', shape: { kind: 'out', inAgo: 200, outAgo: 95, duration: 90, by: 'KIOSK' } },
  { who: 'contractor', shape: { kind: 'out', inAgo: 330, outAgo: 140, duration: 240, by: 'KIOSK' } },
  { who: 'employee', shape: { kind: 'out', inAgo: 290, outAgo: 60, duration: 480, by: 'OWN_DEVICE' } },
  { who: 'guest', shape: { kind: 'out', inAgo: 150, outAgo: 25, duration: 120, by: 'KIOSK' } },
  { who: 'guest', shape: { kind: 'out', inAgo: 90, outAgo: 10, duration: 60, by: 'STAFF' } },
  // Expected: one within the hour, the others later today.
  { who: 'guest', shape: { kind: 'expected', inMinutes: 25, duration: 60 } },
  { who: 'guest', shape: { kind: 'expected', inMinutes: 80, duration: 90 } },
  { who: 'guest', shape: { kind: 'expected', inMinutes: 140, duration: 60 } },
  { who: 'contractor', shape: { kind: 'expected', inMinutes: 190, duration: 120 } },
  { who: 'guest', shape: { kind: 'expected', inMinutes: 260, duration: 30 } },
  // Invited this morning and never came; invited and cancelled; refused at the door.
  { who: 'guest', shape: { kind: 'expired', scheduledAgo: 240, duration: 60 } },
  { who: 'guest', shape: { kind: 'cancelled', inMinutes: 120, duration: 60 } },
  { who: 'guest', shape: { kind: 'refused', ago: 145 } },
  // Two invitations for tomorrow.
  { who: 'guest', shape: { kind: 'tomorrow', at: '10:00', duration: 60 } },
  { who: 'guest', shape: { kind: 'tomorrow', at: '14:30', duration: 90 } },
];

/** The answers a visitor of that type gave to Demo HQ's entry questionnaires (all fine, or a fever). */
export async function entryAnswers(
  db: Db,
  buildingId: string,
  type: 'VISITOR' | 'CONTRACTOR' | 'EMPLOYEE',
  fever = false,
) {
  const rows = await db
    .selectFrom('building_questionnaires')
    .innerJoin('questionnaires', 'questionnaires.id', 'building_questionnaires.questionnaire_id')
    .innerJoin('questions', 'questions.questionnaire_id', 'questionnaires.id')
    .select([
      'questionnaires.id as questionnaire_id',
      'questionnaires.name',
      'questions.id as question_id',
      'questions.text',
      'questions.question_type',
      'questions.alert_answer',
      'questions.previous_question_id',
    ])
    .where('building_questionnaires.building_id', '=', buildingId)
    .where('building_questionnaires.visitor_type', '=', type)
    .where('building_questionnaires.kind', '=', 'ENTRY')
    .orderBy('building_questionnaires.sort_order')
    .orderBy('questions.sort_order')
    .execute();
  const answered = new Map<string, AnsweredQuestionnaire>();
  for (const row of rows) {
    // A follow-up question (asked only after a yes) is skipped: nobody travelled.
    if (row.previous_question_id) continue;
    const safe = row.question_type === 'FREEFORM' ? 'None' : row.alert_answer === 'NO' ? 'YES' : 'NO';
    const answer = fever && row.alert_answer === 'YES' ? 'YES' : safe;
    const questionnaire = answered.get(row.questionnaire_id) ?? {
      questionnaireId: row.questionnaire_id,
      name: row.name,
      items: [],
    };
    questionnaire.items.push({
      questionId: row.question_id,
      question: row.text,
      questionType: row.question_type,
      answer,
    });
    answered.set(row.questionnaire_id, questionnaire);
  }
  return [...answered.values()];
}

/**
 * Writes Demo HQ's day around `now` when the building's day changed since the last demo day (or
 * there was none); the previous demo day's visits are removed first. Answers whether it wrote.
 */
export async function seedDemoVisits(db: Db, now = new Date()): Promise<boolean> {
  const building = await demoHq(db);
  if (!building) return false;
  const today = todayIn(building.timeZoneId, now);
  const marker = await db.selectFrom('app_settings').select('value').where('key', '=', MARKER).executeTakeFirst();
  const previous = marker ? (JSON.parse(marker.value) as { day: string; ids: string[] }) : null;
  // Only a later day replaces it (a clock set back leaves the day as it is).
  if (previous && previous.day >= today) return false;

  const people = await db
    .selectFrom('people')
    .select(['id', 'first_name', 'last_name', 'email', 'phone', 'visitor_type', 'company_name', 'locale'])
    .where('building_id', '=', building.id)
    .where('deactivated', '=', false)
    .where('visitor_type', 'in', ['EMPLOYEE', 'CONTRACTOR'])
    .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>=', today)]))
    .orderBy('external_id')
    .execute();
  const employees = people.filter((person) => person.visitor_type === 'EMPLOYEE');
  const contractors = people.filter((person) => person.visitor_type === 'CONTRACTOR');
  if (employees.length < 8 || contractors.length < 4) return false;
  const answers = {
    VISITOR: await entryAnswers(db, building.id, 'VISITOR'),
    CONTRACTOR: await entryAnswers(db, building.id, 'CONTRACTOR'),
    EMPLOYEE: await entryAnswers(db, building.id, 'EMPLOYEE'),
    fever: await entryAnswers(db, building.id, 'VISITOR', true),
  };
  const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE);
  // Hosts: the first employees of the directory, in turn; the people who come in are others.
  const hosts = employees.slice(0, 6);
  const regulars = { employee: employees.slice(6), contractor: contractors };
  const used = { guest: 0, employee: 0, contractor: 0 };

  const rows = plan.map(({ who, shape }, index) => {
    const host = hosts[index % hosts.length]!;
    const person = who === 'guest' ? null : regulars[who][used[who]++ % regulars[who].length]!;
    const guest = guests[used.guest % guests.length]!;
    if (who === 'guest') used.guest++;
    const type: VisitorType = person ? person.visitor_type : 'VISITOR';
    const codes = newVisitCodes();
    const invited =
      shape.kind === 'expected' || shape.kind === 'expired' || shape.kind === 'cancelled' || shape.kind === 'tomorrow';
    const scheduledAt =
      shape.kind === 'tomorrow'
        ? zonedInstant(addDays(today, 1), shape.at, building.timeZoneId)
        : shape.kind === 'expected' || shape.kind === 'cancelled'
          ? at(shape.inMinutes)
          : shape.kind === 'expired'
            ? at(-shape.scheduledAgo)
            : null;
    const checkedInAt = shape.kind === 'in' || shape.kind === 'out' ? at(-shape.inAgo) : null;
    const checkedOutAt = shape.kind === 'out' ? at(-shape.outAgo) : null;
    const created =
      scheduledAt && invited
        ? at(-(24 * 60 + index * 7))
        : (checkedInAt ?? at(shape.kind === 'refused' ? -shape.ago : 0));
    const firstName = person?.first_name ?? guest[0];
    const lastName = person?.last_name ?? guest[1];
    const email =
      person?.email ??
      `${firstName}.${lastName}`
        .normalize('NFD')
        .replace(/[^A-Za-z.]/g, '')
        .toLowerCase() + '@visitor.example';
    const arrived = checkedInAt !== null || shape.kind === 'refused';
    const source =
      shape.kind === 'in'
        ? shape.source
        : shape.kind === 'out'
          ? shape.by === 'STAFF'
            ? 'KIOSK'
            : shape.by
          : invited
            ? 'STAFF'
            : 'KIOSK';
    const duration = shape.kind === 'refused' ? 60 : shape.duration;
    return {
      id: uuidv7(),
      tenant_id: building.tenantId,
      building_id: building.id,
      identifier: codes.identifier,
      public_identifier: codes.publicIdentifier,
      pin: codes.pin,
      visitor_type: type,
      person_id: person?.id ?? null,
      first_name: firstName,
      last_name: lastName,
      email,
      phone: person?.phone ?? null,
      company_name: person?.company_name ?? (type === 'VISITOR' ? guest[2] : null),
      host: type === 'EMPLOYEE' ? null : `${host.first_name} ${host.last_name}`,
      host_person_id: type === 'EMPLOYEE' ? null : host.id,
      check_in_form: JSON.stringify({}),
      scheduled_at: scheduledAt,
      scheduled_duration: minutesToDuration(duration),
      checked_in_at: checkedInAt,
      checked_out_at: checkedOutAt,
      checkout_method: shape.kind === 'out' ? shape.by : null,
      cancelled_at: shape.kind === 'cancelled' ? at(-90) : null,
      allowed: shape.kind !== 'refused',
      refusal_reason: shape.kind === 'refused' ? ('ALERT_ANSWER' as const) : null,
      flagged: shape.kind === 'refused',
      temp_measure1: arrived ? 36.4 + (index % 5) / 10 : null,
      questionnaires_answers: JSON.stringify(
        !arrived ? [] : shape.kind === 'refused' ? answers.fever : answers[type === 'RESIDENT' ? 'VISITOR' : type],
      ),
      questionnaires_answered_at: arrived ? (checkedInAt ?? created) : null,
      consent_accepted: arrived,
      locale: person?.locale ?? (index % 7 === 3 ? 'fr' : index % 11 === 5 ? 'es' : 'en'),
      source: source as 'KIOSK' | 'OWN_DEVICE' | 'STAFF',
      is_invitation: invited,
      // The day's notices went out when they were due: a start does not send them again.
      invitation_sent_at: invited ? created : null,
      // The visitor holds the first version of the invitation: a cancellation or a new time now tells them.
      invitation_sent_sequence: invited ? 0 : null,
      cancellation_sent_at: shape.kind === 'cancelled' ? at(-90) : null,
      host_notified_at: checkedInAt,
      start_reminder_sent_at: invited && shape.kind !== 'tomorrow' ? created : null,
      created_at: created,
      updated_at: checkedOutAt ?? checkedInAt ?? created,
    };
  });

  await db.transaction().execute(async (trx) => {
    if (previous?.ids.length) await trx.deleteFrom('visits').where('id', 'in', previous.ids).execute();
    await trx.insertInto('visits').values(rows).execute();
    // Two visitors inside have their photo: the entry log's detail and the evacuation list show them.
    const photographed = rows
      .filter((row) => row.visitor_type === 'VISITOR' && row.checked_in_at !== null && row.checked_out_at === null)
      .slice(0, 2);
    for (const [index, row] of photographed.entries()) {
      const content = silhouetteJpeg(index === 0 ? 70 : 110);
      await trx
        .insertInto('visit_photos')
        .values({ visit_id: row.id, tenant_id: row.tenant_id, content, byte_size: content.length })
        .execute();
    }
    const value = JSON.stringify({ day: today, ids: rows.map((row) => row.id) });
    await trx
      .insertInto('app_settings')
      .values({ key: MARKER, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  });
  return true;
}
