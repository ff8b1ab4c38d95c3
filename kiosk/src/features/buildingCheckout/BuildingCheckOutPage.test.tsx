import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type VisitCodes, newVisitCodes, uuidv7 } from '@vestibule/shared';
import { initTestI18n } from '../../i18n/testI18n.ts';
import type { LocalVisit } from '../../offline/kioskDb.ts';
import { commitCheckIn } from '../../offline/outbox.ts';
import { kioskDb, syncRunner } from '../../offline/runtime.ts';
import { kioskClient } from '../../offline/kioskClient.ts';
import { kioskConfig } from '../kiosk/kioskTesting.ts';
import { question } from '@vestibule/ui/wizard/testing';
import { BuildingCheckOutPage } from './BuildingCheckOutPage.tsx';

// The kiosk's self check-out on the device: the visits it knows (made on it, or today's list
// from the server) found and checked out through the outbox while the network is down. The
// server is never reached here: every fetch fails as with no network.

const exitQuestionnaire = {
  id: '01900000-0000-7000-8000-00000000e417',
  name: 'Before you leave',
  items: [question('badge', 'Did you return your badge?')],
};

const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));
/** A request that never answers: the kiosk believes it is online and nothing reaches a server. */
const neverAnswers = () => new Promise<never>(() => undefined);

beforeAll(async () => {
  await initTestI18n('en');
  vi.stubGlobal('fetch', noNetwork);
});
afterEach(cleanup);
afterAll(() => {
  vi.unstubAllGlobals();
});

let buildings = 0;

/** A provisioned kiosk of a new building (its configuration cached), whose runner has `network`. */
async function kiosk(network: 'down' | 'silent' = 'down') {
  const qrCodeKey = `checkout-${++buildings}`;
  const fail = network === 'down' ? noNetwork : neverAnswers;
  const runner = syncRunner(qrCodeKey, 'kiosk', { transport: fail, client: kioskClient({ fetchImpl: fail }) });
  const base = kioskConfig();
  const config = {
    ...base,
    building: { ...base.building, qrCodeKey },
    checkInData: { VISITOR: { ...base.checkInData.VISITOR!, qrCodeKey, commentsEnabled: true } },
    exitQuestionnaires: { VISITOR: [exitQuestionnaire] },
  };
  await kioskDb().config.put({ qrCodeKey, version: config.version, data: config, cachedAt: new Date().toISOString() });
  return { qrCodeKey, runner, db: kioskDb() };
}

/** A check-in made on this kiosk (its PIN is on the device). */
async function checkedInHere(qrCodeKey: string, firstName: string, lastName: string) {
  const codes = newVisitCodes();
  const { visitId } = await commitCheckIn(
    kioskDb(),
    { qrCodeKey, visitorType: 'VISITOR', checkInForm: { firstName, lastName } },
    { codes },
  );
  return { visitId, codes };
}

/** A visit of today's list from the server (no PIN on the device). */
async function fromServerList(
  qrCodeKey: string,
  firstName: string,
  lastName: string,
  changes: Partial<LocalVisit> = {},
) {
  const codes: VisitCodes = newVisitCodes();
  const visit: LocalVisit = {
    id: uuidv7(),
    qrCodeKey,
    visitorType: 'VISITOR',
    firstName,
    lastName,
    checkedInAt: new Date(Date.now() - 3_600_000).toISOString(),
    checkedOutAt: null,
    identifier: codes.identifier,
    pin: null,
    publicIdentifier: codes.publicIdentifier,
    scheduledAt: null,
    source: 'server',
    ...changes,
  };
  await kioskDb().visits.put(visit);
  return visit;
}

async function openOffline(qrCodeKey: string) {
  render(<BuildingCheckOutPage qrCodeKey={qrCodeKey} search="" />);
  await screen.findByTestId('checkout-offline');
}

async function searchByLastName(user: ReturnType<typeof userEvent.setup>, lastName: string) {
  await user.type(screen.getByLabelText('Last name'), lastName);
  await user.click(screen.getByRole('button', { name: 'Find my visit' }));
  await screen.findByRole('heading', { level: 1, name: 'Choose your visit' });
}

async function searchByCode(user: ReturnType<typeof userEvent.setup>, code: string, pin: string) {
  await user.click(screen.getByRole('radio', { name: 'With my visit code and PIN' }));
  await user.type(screen.getByLabelText('Visit code'), code);
  if (pin) await user.type(screen.getByLabelText(/^PIN/), pin);
  await user.click(screen.getByRole('button', { name: 'Find my visit' }));
}

const found = () =>
  within(screen.getByRole('list'))
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');

describe('self check-out at a kiosk with the network down', () => {
  it('finds by whole last name (no case, no accents) the visits made here and those of the server list, not closed ones', async () => {
    const user = userEvent.setup();
    const { qrCodeKey } = await kiosk();
    await checkedInHere(qrCodeKey, 'Élodie', 'Dupré');
    await fromServerList(qrCodeKey, 'Daniel', 'Dupont');
    await fromServerList(qrCodeKey, 'Paul', 'Dupuis', { checkedOutAt: new Date().toISOString() });
    await fromServerList(qrCodeKey, 'Eva', 'Durand', { checkedInAt: null, scheduledAt: new Date().toISOString() });
    await fromServerList('another-building', 'Dora', 'Dupont');
    await openOffline(qrCodeKey);
    // Searching by phone needs the server.
    expect(screen.getByRole('radio', { name: 'By the last 4 digits of my phone' })).toHaveProperty('disabled', true);

    await searchByLastName(user, 'DUPRE');
    expect(found()).toEqual([expect.stringMatching(/^Élodie D\., checked in at /)]);

    await user.click(screen.getByRole('button', { name: 'Search again' }));
    await searchByLastName(user, 'dupont');
    expect(found()).toEqual([expect.stringMatching(/^Daniel D\./)]);

    // The whole last name: a letter or two lists nobody.
    await user.click(screen.getByRole('button', { name: 'Search again' }));
    await searchByLastName(user, 'du');
    expect(screen.queryByRole('list')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Search again' }));
    await searchByLastName(user, 'Dupuis');
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText(/No open visit known to this kiosk matches/)).toBeDefined();
  });

  it('checks out through the outbox: a pending checkOut entry, the visit closed, then the done screen', async () => {
    const user = userEvent.setup();
    const { qrCodeKey, db } = await kiosk();
    const visit = await fromServerList(qrCodeKey, 'Daniel', 'Dupont');
    await openOffline(qrCodeKey);
    await searchByLastName(user, 'dupont');
    await user.click(screen.getByRole('button', { name: /^Daniel D\./ }));

    await screen.findByRole('heading', { level: 1, name: 'Check-out' });
    expect(screen.getByText(/^Daniel Dupont, checked in at /)).toBeDefined();
    const submit = screen.getByRole('button', { name: 'Check out' });
    expect(submit).toHaveProperty('disabled', true);
    await user.click(
      within(screen.getByRole('group', { name: 'Did you return your badge?' })).getByRole('radio', { name: 'Yes' }),
    );
    await user.type(screen.getByLabelText(/Comments/), 'Thanks');
    await user.click(submit);

    await screen.findByRole('heading', { level: 1, name: /You are checked out/ });
    expect(screen.getByTestId('checkout-saved-offline').textContent).toMatch(/saved on this kiosk/);
    const entries = await db.outbox.where('visitId').equals(visit.id).toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: 'checkOut',
      status: 'pending',
      payload: {
        tempMeasure1: null,
        tempMeasure2: null,
        comments: 'Thanks',
        questionnairesAnswers: [{ questionnaireId: exitQuestionnaire.id, answers: { badge: 'YES' } }],
      },
    });
    expect((await db.visits.get(visit.id))!.checkedOutAt).toBe(entries[0]?.occurredAt);

    // Done: the kiosk goes back to its welcome screen (its check-in) for the next person.
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(window.location.pathname).toBe(`/checkinKiosk/${qrCodeKey}`);
  });

  it('checks out a visit made on this kiosk after its check-in, both entries waiting in order', async () => {
    const user = userEvent.setup();
    const { qrCodeKey, db } = await kiosk();
    const { visitId } = await checkedInHere(qrCodeKey, 'Élodie', 'Dupré');
    await openOffline(qrCodeKey);
    await searchByLastName(user, 'dupre');
    await user.click(screen.getByRole('button', { name: /^Élodie D\./ }));
    await user.click(
      within(await screen.findByRole('group', { name: 'Did you return your badge?' })).getByRole('radio', {
        name: 'No',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Check out' }));
    await screen.findByRole('heading', { level: 1, name: /You are checked out/ });
    const entries = await db.outbox.where('visitId').equals(visitId).sortBy('seq');
    expect(entries.map((entry) => [entry.type, entry.status])).toEqual([
      ['checkIn', 'pending'],
      ['checkOut', 'pending'],
    ]);
    expect((await db.visits.get(visitId))!.checkedOutAt).not.toBeNull();
  });

  it('asks the PIN of a visit made here, and takes the code alone for one of the server list', async () => {
    const user = userEvent.setup();
    const { qrCodeKey, db } = await kiosk();
    const here = await checkedInHere(qrCodeKey, 'Élodie', 'Dupré');
    const listed = await fromServerList(qrCodeKey, 'Daniel', 'Dupont');
    await openOffline(qrCodeKey);

    const wrongPin = here.codes.pin === '0000' ? '1111' : '0000';
    await searchByCode(user, here.codes.identifier.toLowerCase(), wrongPin);
    await screen.findByText(/No open visit known to this kiosk matches/);
    await user.click(screen.getByRole('button', { name: 'Search again' }));

    await searchByCode(user, here.codes.identifier, '');
    await screen.findByText(/No open visit known to this kiosk matches/);
    await user.click(screen.getByRole('button', { name: 'Search again' }));

    await searchByCode(user, here.codes.identifier, here.codes.pin);
    expect(await screen.findByText(/^Élodie Dupré, checked in at /)).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Back' }));

    // Offline the PIN is optional, and says why.
    await user.click(await screen.findByRole('radio', { name: 'With my visit code and PIN' }));
    expect(screen.getByLabelText(/^PIN/).getAttribute('aria-describedby')).toContain('hint');
    expect(screen.getByText(/the PIN is needed only for a visit made on this kiosk/)).toBeDefined();
    await user.type(screen.getByLabelText('Visit code'), listed.identifier!);
    await user.click(screen.getByRole('button', { name: 'Find my visit' }));
    expect(await screen.findByText(/^Daniel Dupont, checked in at /)).toBeDefined();
    expect(await db.outbox.where('visitId').equals(listed.id).count()).toBe(0);
  });
});

describe('self check-out at a kiosk that is online', () => {
  it('offers every search, asks the PIN, and finds a visit made here without the server', async () => {
    const user = userEvent.setup();
    const { qrCodeKey, db } = await kiosk('silent');
    const codes = newVisitCodes();
    await db.visits.put({
      id: uuidv7(),
      qrCodeKey,
      visitorType: 'VISITOR',
      firstName: 'Élodie',
      lastName: 'Dupré',
      checkedInAt: new Date().toISOString(),
      checkedOutAt: null,
      identifier: codes.identifier,
      pin: codes.pin,
      publicIdentifier: codes.publicIdentifier,
      scheduledAt: null,
      source: 'device',
    });
    render(<BuildingCheckOutPage qrCodeKey={qrCodeKey} search="" />);
    await user.click(await screen.findByRole('radio', { name: 'With my visit code and PIN' }));
    expect(screen.queryByTestId('checkout-offline')).toBeNull();
    expect(screen.getByRole('radio', { name: 'By the last 4 digits of my phone' })).toHaveProperty('disabled', false);

    await user.type(screen.getByLabelText('Visit code'), codes.identifier);
    const search = screen.getByRole('button', { name: 'Find my visit' });
    expect(search).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText(/^PIN/), codes.pin);
    await waitFor(() => expect(search).toHaveProperty('disabled', false));
    await user.click(search);
    expect(await screen.findByText(/^Élodie Dupré, checked in at /)).toBeDefined();
  });
});
