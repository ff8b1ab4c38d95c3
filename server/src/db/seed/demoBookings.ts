import { type BookingRepeat, expandBooking, uuidv7, zonedInstant } from '@vestibule/shared';
import type { Db } from '../database.ts';
import { demoHq } from './demoCommon.ts';
import { addDays, todayIn } from './demoPeople.ts';

// A week of space bookings at Demo HQ around the day `npm start` runs (docs/space-booking.md):
// meeting rooms and desks booked by the demo users, a weekly team meeting and a daily stand-up
// that repeat, guests invited to a workshop, and a board meeting in the executive suite waiting
// for its approvers. Written again at a start on a later day of the building, as the demo visits
// are: the earlier week's series (their ids are kept with the marker) give way to the new one.
// A slot someone booked meanwhile is left to them: the demo's occurrence is skipped.

const MARKER = 'demo_bookings_week';

interface DemoBooking {
  title: string;
  space: string;
  host: 'admin' | 'master' | 'supervisor' | 'user' | 'space';
  /** Days from today, on the building's clock. */
  day: number;
  from: string;
  to: string;
  repeat?: Exclude<BookingRepeat, 'NONE'>;
  /** The last day of a repeat, in days from today. */
  until?: number;
  status?: 'PENDING' | 'REJECTED';
  description?: string;
  comment?: string;
  attendees?: [first: string, last: string, email: string, role: string][];
  scheduling?: 'ICS' | 'GOOGLE';
}

const week: DemoBooking[] = [
  {
    title: 'Team meeting',
    space: 'Boardroom',
    host: 'master',
    day: -3,
    from: '10:00',
    to: '11:00',
    repeat: 'WEEKLY',
    until: 25,
    description: 'Weekly round of the projects',
    scheduling: 'ICS',
    attendees: [
      ['Sam', 'Supervisor', 'supervisor@demo-corp.example', 'Facilities'],
      ['Uma', 'User', 'user@demo-corp.example', 'Reception'],
    ],
  },
  {
    title: 'Stand-up',
    space: 'Huddle 1',
    host: 'user',
    day: -3,
    from: '09:30',
    to: '09:45',
    repeat: 'WEEKDAYS',
    until: 3,
  },
  { title: 'Interview', space: 'Huddle 2', host: 'supervisor', day: -1, from: '11:00', to: '12:00' },
  { title: 'One to one', space: 'Huddle 2', host: 'master', day: 0, from: '14:00', to: '14:30' },
  {
    title: 'Client workshop',
    space: 'Training room',
    host: 'supervisor',
    day: 1,
    from: '13:00',
    to: '16:00',
    description: 'Onboarding workshop with Lumen Analytics',
    scheduling: 'ICS',
    attendees: [
      ['Hannah', 'Schultz', 'hannah.schultz@visitor.example', 'Lumen Analytics'],
      ['Priya', 'Raman', 'priya.raman@visitor.example', 'Northbeam Capital'],
    ],
  },
  {
    title: 'Quarterly review',
    space: 'Boardroom',
    host: 'admin',
    day: 2,
    from: '15:00',
    to: '17:00',
    scheduling: 'GOOGLE',
  },
  { title: 'Sprint planning', space: 'Project room', host: 'user', day: 0, from: '10:00', to: '12:00' },
  { title: 'Deep work', space: 'Focus room', host: 'space', day: 1, from: '09:00', to: '12:00' },
  {
    title: 'Board meeting',
    space: 'Executive suite',
    host: 'user',
    day: 2,
    from: '10:00',
    to: '12:00',
    status: 'PENDING',
    description: 'Budget for next year',
  },
  {
    title: 'Offsite preparation',
    space: 'Executive suite',
    host: 'space',
    day: -1,
    from: '14:00',
    to: '15:00',
    status: 'REJECTED',
    comment: 'The suite is kept for the board that afternoon',
  },
  // Desks: a hot desk every day of the week, and a few single days.
  { title: 'Desk', space: 'G-01', host: 'user', day: -3, from: '08:30', to: '17:30', repeat: 'DAILY', until: 3 },
  { title: 'Desk', space: 'G-02', host: 'space', day: 0, from: '08:30', to: '17:30' },
  { title: 'Desk', space: 'G-07', host: 'supervisor', day: 0, from: '09:00', to: '13:00' },
  { title: 'Desk', space: 'G-08', host: 'master', day: 1, from: '08:30', to: '17:30' },
];

/** Writes Demo HQ's week of bookings, or a new week on a later day; answers whether it wrote. */
export async function seedDemoBookings(db: Db, now: Date): Promise<boolean> {
  const building = await demoHq(db);
  if (!building) return false;
  const today = todayIn(building.timeZoneId, now);
  const marker = await db.selectFrom('app_settings').select('value').where('key', '=', MARKER).executeTakeFirst();
  const previous = marker ? (JSON.parse(marker.value) as { day: string; ids: string[] }) : null;
  // Only a later day replaces it (a clock set back leaves the week as it is).
  if (previous && previous.day >= today) return false;

  const spaces = await db
    .selectFrom('spaces')
    .innerJoin('floors', 'floors.id', 'spaces.floor_id')
    .select(['spaces.id', 'spaces.name'])
    .where('floors.building_id', '=', building.id)
    .execute();
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('tenant_id', '=', building.tenantId)
    .where('username', 'in', ['admin', 'master', 'supervisor', 'user', 'space'])
    .execute();
  const spaceId = new Map(spaces.map((space) => [space.name, space.id]));
  const userId = new Map(users.map((user) => [user.username, user.id]));
  if (spaceId.size === 0) return false;

  return db.transaction().execute(async (trx) => {
    // The occurrences and attendees of the earlier week go with their series.
    if (previous?.ids.length) await trx.deleteFrom('space_booking_series').where('id', 'in', previous.ids).execute();
    const ids: string[] = [];
    for (const [index, booking] of week.entries()) {
      const space = spaceId.get(booking.space);
      if (!space) continue;
      const day = addDays(today, booking.day);
      const expanded = expandBooking({
        startsAt: zonedInstant(day, booking.from, building.timeZoneId),
        endsAt: zonedInstant(day, booking.to, building.timeZoneId),
        repeat: booking.repeat ?? 'NONE',
        repeatUntil: booking.until === undefined ? null : addDays(today, booking.until),
        timeZone: building.timeZoneId,
      });
      if (!('occurrences' in expanded)) throw new Error(`demo booking ${booking.title}: ${expanded.refusal}`);
      const id = uuidv7();
      const host = userId.get(booking.host) ?? null;
      // Made the day before the week began, in the order listed.
      const createdAt = new Date(
        zonedInstant(addDays(today, -4), '09:00', building.timeZoneId).getTime() + index * 60_000,
      );
      await trx
        .insertInto('space_booking_series')
        .values({
          id,
          tenant_id: building.tenantId,
          space_id: space,
          host_id: host,
          created_by: host,
          title: booking.title,
          description: booking.description ?? null,
          comment: booking.comment ?? null,
          repeat: booking.repeat ?? 'NONE',
          repeat_until: booking.until === undefined ? null : addDays(today, booking.until),
          time_zone: building.timeZoneId,
          scheduling: booking.scheduling ?? 'NONE',
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
      if (booking.attendees?.length)
        await trx
          .insertInto('space_booking_attendees')
          .values(
            booking.attendees.map(([firstName, lastName, email, role], position) => ({
              series_id: id,
              position: position + 1,
              first_name: firstName,
              last_name: lastName,
              email,
              role,
              verified: true,
            })),
          )
          .execute();
      await trx
        .insertInto('space_bookings')
        .values(
          expanded.occurrences.map((occurrence) => ({
            id: uuidv7(),
            tenant_id: building.tenantId,
            series_id: id,
            occurrence: occurrence.occurrence,
            space_id: space,
            starts_at: occurrence.startsAt,
            ends_at: occurrence.endsAt,
            status: booking.status ?? 'APPROVED',
            created_at: createdAt,
          })),
        )
        // A slot booked by someone else is theirs (the no-overlap constraint): that occurrence is skipped.
        .onConflict((oc) => oc.doNothing())
        .execute();
      ids.push(id);
    }
    const value = JSON.stringify({ day: today, ids });
    await trx
      .insertInto('app_settings')
      .values({ key: MARKER, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    return true;
  });
}
