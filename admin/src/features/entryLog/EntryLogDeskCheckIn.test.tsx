import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { refusal } from '../../test/answerCalls.ts';
import {
  HQ,
  deskCheckInData,
  directoryEmployee,
  fakeEntryLog,
  hana,
  healthQuestionnaire,
  visitFixture,
} from './testing/fakeEntryLog.ts';
import { renderEntryLog } from './testing/renderEntryLog.tsx';

// The desk's one-form check-in (docs/check-in.md, "At the desk"): a returning visitor found by a
// few letters and checked in again from their last visit, a person of the directory, or someone
// new typed with their company and host; the building's questions only where it asks them at the
// desk. The list and the counters load again.

const title = 'Check someone in';
const fever = healthQuestionnaire.items[0]!;
const banner = (text: string) => waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));

/** Carla came last month with Hana as her host; Bob is inside now. */
const carla = visitFixture('Carla', 'Diaz', {
  status: 'OUT',
  checkedInAt: '2026-02-01T08:00:00.000Z',
  checkedOutAt: '2026-02-01T09:00:00.000Z',
  companyName: 'Globex',
  host: 'Hana Host',
  hostPersonId: hana.personId,
  scheduledAt: null,
});
const bob = visitFixture('Bob', 'Stone', { status: 'IN', checkedInAt: '2026-03-02T08:15:00.000Z' });

async function openDesk(user: Awaited<ReturnType<typeof renderEntryLog>>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Check someone in' }));
  return screen.findByRole('dialog', { name: title });
}

describe("the desk's check-in", () => {
  it('checks a returning visitor in with two clicks and one typed search, from their last visit', async () => {
    const { calls, visits } = fakeEntryLog([carla, bob], { checkInData: deskCheckInData() });
    const { user } = await renderEntryLog('ROLE_USER');
    await screen.findByTestId(`visit-row-${carla.id}`);
    const dialog = await openDesk(user);
    // The search has the focus: staff type at once. Before they do, the recent visitors not inside.
    const search = within(dialog).getByRole('searchbox', { name: 'Someone who came before' });
    await waitFor(() => expect(search).toHaveFocus());
    const found = within(dialog).getByTestId('desk-found');
    await waitFor(() => expect(within(found).getAllByTestId('desk-found-item')).toHaveLength(1));
    expect(within(found).getByText('Carla Diaz')).toBeInTheDocument();
    expect(within(found).queryByText('Bob Stone')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.keyboard('car');
    await waitFor(() => expect(calls.last('GET /meeting/building/:id/returning').query.search).toBe('car'));
    expect(within(found).getByText(/Globex · Visitor · last visit .* · host Hana Host/)).toBeInTheDocument();
    await user.click(within(found).getByRole('button', { name: 'Check in Carla Diaz now' }));

    await banner('Carla Diaz is checked in.');
    expect(calls.last('POST /meeting/instantReplacementCheckin').body).toEqual({ meetingId: carla.id });
    expect(calls.of('POST /meetingWithCheckIn')).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument();
    // The new visit keeps her host, linked.
    const again = [...visits.values()].find((visit) => visit.lastName === 'Diaz' && visit.status === 'IN')!;
    expect(again).toMatchObject({ hostPersonId: hana.personId, companyName: 'Globex' });
    await waitFor(() =>
      expect(within(screen.getByTestId(`visit-row-${again.id}`)).getByText('In')).toBeInTheDocument(),
    );
  });

  it('says who is inside already, and offers no check-in for them', async () => {
    fakeEntryLog([carla, bob], { checkInData: deskCheckInData() });
    const { user } = await renderEntryLog('ROLE_USER');
    const dialog = await openDesk(user);
    await user.type(within(dialog).getByRole('searchbox', { name: 'Someone who came before' }), 'bo');
    const item = await within(dialog).findByText('Bob Stone');
    const row = item.closest('li')!;
    expect(within(row).getByText('In the building')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Check in Bob Stone now' })).not.toBeInTheDocument();
  });

  it('checks someone new in with a name, a company and a host of the directory, no questions asked', async () => {
    const { calls, visits } = fakeEntryLog([], { checkInData: deskCheckInData() });
    const { user } = await renderEntryLog('ROLE_USER');
    await screen.findByText('No visits yet.');
    const before = calls.of('GET /meetingStats/:buildingId').length;
    const dialog = await openDesk(user);
    const search = within(dialog).getByRole('searchbox', { name: 'Someone who came before' });
    await user.type(search, 'Walter Walkin');
    // Nobody found: the typed name starts the form.
    await user.click(await within(dialog).findByRole('button', { name: 'Check in “Walter Walkin” as someone new' }));
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).toHaveValue('Walter');
    expect(within(dialog).getByRole('textbox', { name: 'Last name' })).toHaveValue('Walkin');
    expect(within(dialog).getByRole('radio', { name: 'Visitor' })).toBeChecked();
    expect(calls.last('GET /meeting/building/:id/checkInData')).toEqual(
      expect.objectContaining({ params: { id: HQ.id }, query: { visitorType: 'VISITOR' } }),
    );
    // The building does not ask its questions at the desk.
    expect(within(dialog).queryByRole('group', { name: 'Do you have a fever today?' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Company' }), 'Initech');
    await user.click(within(dialog).getByRole('textbox', { name: 'Host' }));
    await user.click(await screen.findByRole('option', { name: 'Hana Host · Sales' }));
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Check in' }));

    await banner('Walter Walkin is checked in.');
    expect(calls.last('POST /meetingWithCheckIn').body).toEqual({
      buildingId: HQ.id,
      visitorType: 'VISITOR',
      personId: null,
      hostPersonId: hana.personId,
      hostUserId: null,
      scheduledDuration: null,
      checkInForm: { firstName: 'Walter', lastName: 'Walkin', companyName: 'Initech', host: 'Hana Host' },
      questionnairesAnswers: [],
      consentAccepted: false,
      tempMeasure1: null,
      tempMeasure2: null,
      comments: null,
      emailMeActive: false,
      emailMeEmail: null,
    });
    const walter = [...visits.values()].find((visit) => visit.lastName === 'Walkin')!;
    await waitFor(() =>
      expect(within(screen.getByTestId(`visit-row-${walter.id}`)).getByText('In')).toBeInTheDocument(),
    );
    expect(calls.of('GET /meetingStats/:buildingId').length).toBeGreaterThan(before);
  });

  it('says in place what the form still needs, and sends nothing until it has it', async () => {
    const { calls } = fakeEntryLog([], { checkInData: deskCheckInData() });
    const { user } = await renderEntryLog('ROLE_USER');
    const dialog = await openDesk(user);
    await within(dialog).findByRole('textbox', { name: 'First name' });
    await user.click(within(dialog).getByRole('button', { name: 'Check in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Some details or answers are missing.');
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription('Fill this in.');
    expect(within(dialog).getByRole('textbox', { name: 'Host' })).toHaveAccessibleDescription(/Fill this in\./);
    expect(calls.of('POST /meetingWithCheckIn')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Ann');
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).not.toHaveAccessibleDescription(
      'Fill this in.',
    );
  });

  it("asks the building's questions in the same dialog when it asks them at the desk", async () => {
    const { calls } = fakeEntryLog([carla], { askAtDesk: true, checkInData: deskCheckInData() });
    const { user } = await renderEntryLog('ROLE_ADMIN');
    const dialog = await openDesk(user);
    const question = await within(dialog).findByRole('group', { name: 'Do you have a fever today?' });
    // A returning visitor is not checked in at once: the form takes their details, the questions wait.
    await user.type(within(dialog).getByRole('searchbox', { name: 'Someone who came before' }), 'car');
    await user.click(await within(dialog).findByRole('button', { name: 'Check in Carla Diaz now' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'This building asks its questions at the desk: answer them with the person, then check in.',
    );
    expect(calls.of('POST /meeting/instantReplacementCheckin')).toHaveLength(0);
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).toHaveValue('Carla');
    expect(within(dialog).getByRole('textbox', { name: 'Company' })).toHaveValue('Globex');
    expect(within(dialog).getByRole('textbox', { name: 'Host' })).toHaveValue('Hana Host · Sales');
    await user.click(within(dialog).getByRole('button', { name: 'Check in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Some details or answers are missing.');
    expect(calls.of('POST /meetingWithCheckIn')).toHaveLength(0);
    await user.click(within(question).getByRole('radio', { name: 'No' }));
    await user.click(within(dialog).getByRole('button', { name: 'Check in' }));

    await banner('Carla Diaz is checked in.');
    expect(calls.last('POST /meetingWithCheckIn').body).toEqual(
      expect.objectContaining({
        hostPersonId: hana.personId,
        checkInForm: { firstName: 'Carla', lastName: 'Diaz', companyName: 'Globex', host: 'Hana Host' },
        questionnairesAnswers: [{ questionnaireId: healthQuestionnaire.id, answers: { [fever.id]: 'NO' } }],
      }),
    );
  });

  it('checks a person of the directory in at once, by their record', async () => {
    const { calls } = fakeEntryLog([], { checkInData: deskCheckInData() });
    const { user } = await renderEntryLog('ROLE_SUPERVISOR');
    const dialog = await openDesk(user);
    await user.type(within(dialog).getByRole('searchbox', { name: 'Someone who came before' }), 'eli');
    const found = within(dialog).getByTestId('desk-found');
    expect(await within(found).findByText(/Employee · People directory/)).toBeInTheDocument();
    expect(calls.last('GET /people').query).toEqual(
      expect.objectContaining({ buildingId: HQ.id, search: 'eli', active: 'true' }),
    );
    await user.click(within(found).getByRole('button', { name: 'Check in Eli Employee now' }));
    await banner('Eli Employee is checked in.');
    expect(calls.last('POST /meetingWithCheckIn').body).toEqual(
      expect.objectContaining({
        visitorType: 'EMPLOYEE',
        personId: directoryEmployee.id,
        hostPersonId: null,
        checkInForm: { email: 'eli@example.com' },
      }),
    );
  });

  it('opens the form with the reason when a quick check-in is refused, and the type changes the form', async () => {
    fakeEntryLog([carla], {
      checkInData: deskCheckInData(),
      overrides: { 'POST /meeting/instantReplacementCheckin': () => refusal(400, 'EMPTY_MEETING_DURATION') },
    });
    const { user } = await renderEntryLog('ROLE_MASTER');
    const dialog = await openDesk(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Check in Carla Diaz now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The expected duration cannot be empty.');
    expect(within(dialog).getByRole('textbox', { name: 'Last name' })).toHaveValue('Diaz');
    expect(within(dialog).getByRole('button', { name: 'Check in' })).toHaveFocus();

    await user.click(within(dialog).getByRole('radio', { name: 'Contractor' }));
    expect(await within(dialog).findByRole('textbox', { name: "Contractor's company" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument());
  });

  it("says the building's failure text when the door refuses, and shows the refused visit", async () => {
    const { visits } = fakeEntryLog([], {
      refuseCheckIn: true,
      checkInData: deskCheckInData({ failureFormText: 'Please see the nurse before going in.' }),
    });
    const { user } = await renderEntryLog('ROLE_ADMIN');
    const dialog = await openDesk(user);
    await user.type(await within(dialog).findByRole('textbox', { name: 'First name' }), 'Carl');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Contractor');
    await user.click(within(dialog).getByRole('textbox', { name: 'Host' }));
    await user.click(await screen.findByRole('option', { name: 'Hana Host · Sales' }));
    await user.click(within(dialog).getByRole('button', { name: 'Check in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Carl Contractor was refused entry: Please see the nurse before going in.',
      ),
    );
    const carl = [...visits.values()].find((visit) => visit.lastName === 'Contractor')!;
    await waitFor(() =>
      expect(within(screen.getByTestId(`visit-row-${carl.id}`)).getByText('Refused')).toBeInTheDocument(),
    );
  });

  it("asks a returning visitor's questions at the desk when their last answers no longer hold", async () => {
    const { calls } = fakeEntryLog([carla], {
      askAtDesk: true,
      checkInData: deskCheckInData(),
      overrides: {
        'POST /meeting/instantReplacementCheckin': () =>
          refusal(422, 'CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID'),
      },
    });
    const { user } = await renderEntryLog('ROLE_USER');
    await user.click(
      within(await screen.findByTestId(`visit-row-${carla.id}`)).getByRole('button', {
        name: 'Check Carla Diaz in again: a new visit with the same details and host',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Check in again' })).getByRole('button', {
        name: 'Check in now',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: title });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'First name' })).toHaveValue('Carla'));
    expect(within(dialog).getByRole('textbox', { name: 'Host' })).toHaveValue('Hana Host · Sales');
    expect(calls.last('GET /meeting/:id').params).toEqual({ id: carla.id });
    const question = within(dialog).getByRole('group', { name: 'Do you have a fever today?' });
    expect(within(question).getByRole('radio', { name: 'No' })).not.toBeChecked();
  });

  it('is not offered to space users, who do no door work', async () => {
    fakeEntryLog([visitFixture('Anne', 'Leroy')]);
    await renderEntryLog('ROLE_SPACE');
    await screen.findByRole('button', { name: 'New invite' });
    expect(screen.queryByRole('button', { name: 'Check someone in' })).not.toBeInTheDocument();
  });
});
