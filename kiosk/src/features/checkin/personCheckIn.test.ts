import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { kioskConfig, offlineRunner } from '../kiosk/kioskTesting.ts';
import { formWith, wizardInput } from '@vestibule/ui/wizard/testing';
import { buildResult, initialWizardState } from '@vestibule/ui/wizard';
import { watchHash } from '@vestibule/shared';
import { cachedSource, reusesAnswers, submitCheckIn } from './checkInSource.ts';
import { cachedPersonPreset, identifiedPersonPreset } from './personPreset.ts';

const personId = '0190f0a0-0000-7000-8000-000000000002';

describe("a person's check-in on a kiosk offline", () => {
  it('is queued in the outbox with the person and the scanned pass, as a new visit with its codes', async () => {
    const runner = offlineRunner();
    const config = kioskConfig();
    const source = cachedSource(config, runner);
    const preset = cachedPersonPreset({
      personId,
      passIdentifier: 'pass-1',
      firstName: 'Ada',
      lastInitial: 'L',
      visitorType: 'VISITOR',
      validFrom: null,
      validTo: null,
    });
    const input = wizardInput({ personId, checkInAnswers: preset.person?.checkInForm ?? null });
    const result = buildResult(input, initialWizardState(input));
    const data = config.checkInData.VISITOR;
    if (!data) throw new Error('no visitor data');
    const submitted = await submitCheckIn(source, data, result, preset);
    expect(submitted.response.meetingIdentifier).toMatch(/^[A-Z0-9]{8}$/);
    const [entry] = await runner.db.outbox.toArray();
    if (entry?.type !== 'checkIn') throw new Error('no check-in queued');
    expect(entry.payload).toMatchObject({ personId, passIdentifier: 'pass-1', personTicket: null });
    expect(entry.payload.codes).toBeDefined();
  });
});

describe('a check-in into a visit reached through its own link', () => {
  it("is queued with the visit's public identifier, which stands for the mobile token the link lacks", async () => {
    const runner = offlineRunner();
    const config = kioskConfig();
    const source = cachedSource(config, runner);
    const visitId = '0190f0a0-0000-7000-8000-000000000003';
    const visit = {
      id: visitId,
      identifier: 'ABCDEFGH',
      publicIdentifier: 'the-visit-public-identifier',
      buildingId: config.building.building.id,
      buildingName: config.building.building.name,
      visitorType: 'VISITOR' as const,
      firstName: 'Ines',
      lastName: 'Invited',
      host: null,
      scheduledAt: null,
      scheduledDuration: 'PT1H',
      checkedInAt: null,
      checkedOutAt: null,
      status: 'SOON' as const,
      allowed: true,
      flagged: false,
    };
    const input = wizardInput({ id: visitId });
    const result = buildResult(input, initialWizardState(input));
    const data = config.checkInData.VISITOR;
    if (!data) throw new Error('no visitor data');
    await submitCheckIn(source, data, result, { visit, visitorType: 'VISITOR', checkingBack: false });
    const [entry] = await runner.db.outbox.toArray();
    if (entry?.type !== 'checkIn') throw new Error('no check-in queued');
    expect(entry.visitId).toBe(visitId);
    expect(entry.payload).toMatchObject({ publicIdentifier: 'the-visit-public-identifier' });
  });
});

describe("an employee's earlier answers", () => {
  const employee = (answersValidUntil: string | null) =>
    identifiedPersonPreset(
      {
        personId,
        visitorType: 'EMPLOYEE',
        wizardVisitorType: 'EMPLOYEE',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: null,
        phone: null,
        companyName: null,
        checkInForm: {},
        scheduledDuration: 'PT8H',
        answersValidUntil,
      },
      { personTicket: 'ticket' },
    );
  const now = new Date('2026-11-25T10:00:00Z');

  it('spare the questionnaire while they hold, and not after', () => {
    expect(reusesAnswers(employee('2026-11-25T10:30:00Z'), now)).toBe(true);
    expect(reusesAnswers(employee('2026-11-25T09:59:00Z'), now)).toBe(false);
    expect(reusesAnswers(employee(null), now)).toBe(false);
    expect(reusesAnswers(undefined, now)).toBe(false);
  });

  it('carry the ticket as the proof of a PIN identification', () => {
    const { person } = employee(null);
    if (!person) throw new Error('no person');
    expect(person).toMatchObject({ personTicket: 'ticket', passIdentifier: null });
  });
});

describe("the kiosk's hashed copy of the watchlist", () => {
  const submitNamed = async (action: 'DENY' | 'HOLD', lastName: string) => {
    const runner = offlineRunner();
    const salt = 'company-salt';
    const config = {
      ...kioskConfig(),
      watchlist: { salt, entries: [{ hash: await watchHash(salt, 'NAME', 'lefevre zoe'), action }] },
    };
    const input = wizardInput({
      checkInForm: formWith({ firstName: {}, lastName: {} }),
      checkInAnswers: { firstName: 'ZOË', lastName },
    });
    const result = buildResult(input, initialWizardState(input));
    const data = config.checkInData.VISITOR;
    if (!data) throw new Error('no visitor data');
    const submitted = await submitCheckIn(cachedSource(config, runner), data, result, undefined);
    return {
      submitted,
      visit: await runner.db.visits.get(submitted.visitId),
      outbox: await runner.db.outbox.toArray(),
    };
  };

  it('holds a listed visitor at once, offline: no code, not in, the entry queued for the server to hold', async () => {
    const { submitted, visit, outbox } = await submitNamed('HOLD', 'Lefèvre');
    expect(submitted.response).toMatchObject({ allowed: false, held: true, refusal: null, meetingIdentifier: null });
    expect(visit).toMatchObject({ watch: 'HELD', checkedInAt: null, allowed: false });
    expect(outbox).toHaveLength(1);
  });

  it('refuses a visitor a Deny entry names, and lets in one it does not', async () => {
    const denied = await submitNamed('DENY', 'lefevre');
    expect(denied.submitted.response).toMatchObject({ allowed: false, held: false, refusal: 'WATCHLIST' });
    expect(denied.visit).toMatchObject({ watch: 'REFUSED', checkedInAt: null });
    const other = await submitNamed('DENY', 'Lefebvre');
    expect(other.submitted.response).toMatchObject({ allowed: true, held: false, refusal: null });
    expect(other.visit).not.toHaveProperty('watch');
  });
});
