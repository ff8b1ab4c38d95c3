import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SelectTenantResponse, VisitDetail } from '@vestibule/shared';
import { type TestApp, createTestApp, jsonOf } from '../../../test/helpers/test-app.ts';
import { sendInvitations } from '../lifecycle/lifecycle.service.ts';
import { type Seed, caller, seedVisits, setSettings } from './visits.test-fixtures.ts';

// An invitation's time on the building's clock (both databases): the desk types 10:30 in a
// building of Tokyo, whatever the zone of its browser; the visit answers it with the building's
// zone, the session names each building's zone, and the invitation e-mail says 10:30 with the
// zone's name.

let t: TestApp;
let seed: Seed;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  seed = await seedVisits(t);
  call = caller(t, seed);
  await setSettings(t, seed.clinic, { timeZoneId: 'Asia/Tokyo' });
});
afterAll(() => t.close());

/** The moment a clock of `zone` shows `time` on the day after today there. */
function tomorrowAt(zone: string, time: string): Date {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(Date.now() + 24 * 3_600_000));
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const guess = new Date(`${day}T${time}:00Z`);
  const shown = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(guess);
  const [shownHours, shownMinutes] = shown.split(':').map(Number) as [number, number];
  const offsetMinutes = shownHours * 60 + shownMinutes - (hours * 60 + minutes);
  return new Date(guess.getTime() - offsetMinutes * 60_000);
}

describe("an invitation on the building's clock", () => {
  it('names the zone of each building the user sees', async () => {
    const selection = jsonOf<SelectTenantResponse>(await call('ROLE_USER', 'GET', '/selectTenant'));
    expect(selection.buildings).toEqual(
      expect.arrayContaining([
        { id: seed.clinic, name: 'Clinic', timeZoneId: 'Asia/Tokyo' },
        // A building without a zone of its own reads the new-building default.
        { id: seed.hq, name: 'HQ', timeZoneId: 'America/Toronto' },
      ]),
    );
  });

  it('is e-mailed at the time typed on that clock, with its zone named', async () => {
    const at = tomorrowAt('Asia/Tokyo', '10:30');
    const response = await call('ROLE_USER', 'POST', '/meeting', {
      buildingId: seed.clinic,
      visitorType: 'VISITOR',
      firstName: 'Kenji',
      lastName: 'Clock',
      email: 'kenji@clock.test',
      hostPersonId: seed.people.clinicHost,
      scheduledAt: at.toISOString(),
      scheduledDuration: 'PT1H',
      locale: 'en',
    });
    expect(response.statusCode).toBe(201);
    const visit = jsonOf<VisitDetail>(response);
    expect(visit.timeZoneId).toBe('Asia/Tokyo');
    await sendInvitations({ db: t.database.db, base: 'https://visits.example.test' }, new Date());
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'html_body'])
      .where('to_address', '=', 'kenji@clock.test')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toMatch(/10:30\s*(AM\s*)?GMT\+9/);
    expect(mail.html_body).toMatch(/10:30\s*(AM\s*)?GMT\+9/);
  });
});
