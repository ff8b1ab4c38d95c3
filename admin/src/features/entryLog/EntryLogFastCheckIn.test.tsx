import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { refusal } from '../../test/answerCalls.ts';
import {
  HQ,
  checkInDataFixture,
  directoryEmployee,
  fakeEntryLog,
  hana,
  healthQuestionnaire,
  visitFixture,
} from './testing/fakeEntryLog.ts';
import { renderEntryLog } from './testing/renderEntryLog.tsx';

// The fast check-in of someone arriving without an invitation: who arrives, then the
// building's wizard for that person type (GET /meeting/building/{id}/checkInData), then POST
// /meetingWithCheckIn; the list and the counters load again.

const title = 'Fast check-in of someone arriving';
const fever = healthQuestionnaire.items[0]!;
const banner = (text: string) => waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));

async function openFastCheckIn(user: Awaited<ReturnType<typeof renderEntryLog>>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Fast check-in' }));
  return screen.findByRole('dialog', { name: title });
}

describe('fast check-in of someone arriving', () => {
  it("checks a new visitor in with the building's wizard for visitors, a host of the directory told", async () => {
    const { calls, visits } = fakeEntryLog([]);
    const { user } = await renderEntryLog('ROLE_USER');
    await screen.findByText('No visits yet.');
    const before = calls.of('GET /meetingStats/:buildingId').length;
    const dialog = await openFastCheckIn(user);
    expect(within(dialog).getByRole('radio', { name: 'Visitor' })).toBeChecked();
    // Visitors are typed in the wizard: no directory to choose from.
    expect(within(dialog).queryByRole('radio', { name: 'Someone in the people directory' })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Host' }), 'han');
    await user.click(await screen.findByRole('option', { name: 'Hana Host · Sales' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(dialog).findByRole('heading', { level: 2, name: /Step 1 of 3/ })).toBeInTheDocument();
    expect(calls.last('GET /meeting/building/:id/checkInData')).toEqual(
      expect.objectContaining({ params: { id: HQ.id }, query: { visitorType: 'VISITOR' } }),
    );
    expect(within(dialog).getByLabelText('First name')).toHaveValue('');
    expect(await axeViolations()).toEqual([]);
    await user.type(within(dialog).getByLabelText('First name'), 'Walter');
    await user.type(within(dialog).getByLabelText('Last name'), 'Walkin');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(
      within(within(dialog).getByRole('group', { name: 'Do you have a fever today?' })).getByRole('radio', {
        name: 'No',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Comments/ }), 'Badge 7');
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));

    await banner('Walter Walkin is checked in.');
    expect(calls.last('POST /meetingWithCheckIn').body).toEqual({
      buildingId: HQ.id,
      visitorType: 'VISITOR',
      personId: null,
      hostPersonId: hana.personId,
      hostUserId: null,
      scheduledDuration: 'PT1H',
      checkInForm: { firstName: 'Walter', lastName: 'Walkin' },
      questionnairesAnswers: [{ questionnaireId: healthQuestionnaire.id, answers: { [fever.id]: 'NO' } }],
      consentAccepted: false,
      tempMeasure1: null,
      tempMeasure2: null,
      comments: 'Badge 7',
      emailMeActive: false,
      emailMeEmail: null,
    });
    expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument();
    // The list and the counters load again: Walter is in.
    const walter = [...visits.values()].find((visit) => visit.lastName === 'Walkin')!;
    await waitFor(() =>
      expect(within(screen.getByTestId(`visit-row-${walter.id}`)).getByText('In')).toBeInTheDocument(),
    );
    expect(calls.of('GET /meetingStats/:buildingId').length).toBeGreaterThan(before);
  });

  it("searches the building's hosts in the wizard's host field, starting with the host chosen first", async () => {
    const base = checkInDataFixture();
    const askingHost = checkInDataFixture({
      checkInForm: {
        ...base.checkInForm,
        host: { ...base.checkInForm.host!, enabled: true, mandatory: true, order: 2 },
      },
      questionnaires: [],
      commentsEnabled: false,
    });
    const { calls } = fakeEntryLog([], { checkInData: askingHost });
    const { user } = await renderEntryLog('ROLE_USER');
    const dialog = await openFastCheckIn(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Host' }), 'han');
    await user.click(await screen.findByRole('option', { name: 'Hana Host · Sales' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    // The wizard's host field: a combobox, starting with Hana, linked.
    const host = await within(dialog).findByRole('combobox', { name: /Person you are visiting/ });
    expect(host).toHaveValue('Hana Host');
    expect(within(dialog).getByText('Chosen: Hana Host · Sales')).toBeInTheDocument();
    // Typed again, the name is searched among the building's hosts and chosen from the list.
    await user.clear(host);
    await user.type(host, 'ho');
    await waitFor(() =>
      expect(calls.last('GET /meeting/building/:id/employee').query).toEqual({ name: 'ho', limit: '10' }),
    );
    const options = await within(dialog).findByRole('listbox', { name: 'People you may be visiting' });
    await user.click(within(options).getByRole('option', { name: /Hana Host/ }));
    expect(await axeViolations()).toEqual([]);
    await user.type(within(dialog).getByLabelText('First name'), 'Walter');
    await user.type(within(dialog).getByLabelText('Last name'), 'Walkin');
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));

    await banner('Walter Walkin is checked in.');
    expect(calls.last('POST /meetingWithCheckIn').body).toEqual(
      expect.objectContaining({
        checkInForm: { host: 'Hana Host', firstName: 'Walter', lastName: 'Walkin' },
        hostPersonId: hana.personId,
        hostUserId: null,
      }),
    );
  });

  it('checks in an employee picked from the directory, the wizard prefilled from their record', async () => {
    const { calls } = fakeEntryLog([]);
    const { user } = await renderEntryLog('ROLE_SUPERVISOR');
    const dialog = await openFastCheckIn(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Employee' }));
    // An employee has no host to tell.
    expect(within(dialog).queryByRole('textbox', { name: 'Host' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Someone in the people directory' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Choose the person.')).toBeInTheDocument();
    expect(calls.of('GET /meeting/building/:id/checkInData')).toHaveLength(0);

    await user.click(within(dialog).getByRole('textbox', { name: 'Person' }));
    await user.click(await screen.findByRole('option', { name: 'Eli Employee · eli@example.com' }));
    expect(calls.last('GET /people').query).toEqual(
      expect.objectContaining({ buildingId: HQ.id, visitorType: 'EMPLOYEE', active: 'true' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByLabelText('First name')).toHaveValue('Eli');
    expect(within(dialog).getByLabelText('Last name')).toHaveValue('Employee');
    expect(calls.last('GET /meeting/building/:id/checkInData').query).toEqual({ visitorType: 'EMPLOYEE' });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(within(dialog).getByRole('group')).getByRole('radio', { name: 'No' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));

    await banner('Eli Employee is checked in.');
    expect(calls.last('POST /meetingWithCheckIn').body).toEqual(
      expect.objectContaining({
        visitorType: 'EMPLOYEE',
        personId: directoryEmployee.id,
        hostPersonId: null,
        // The person's own default duration (8 hours), as at the kiosk.
        scheduledDuration: 'PT8H',
        checkInForm: { firstName: 'Eli', lastName: 'Employee' },
      }),
    );
  });

  it("says the building's failure text when the door refuses, and shows the refused visit", async () => {
    const { visits } = fakeEntryLog([], {
      refuseCheckIn: true,
      checkInData: checkInDataFixture({ failureFormText: 'Please see the nurse before going in.' }),
    });
    const { user } = await renderEntryLog('ROLE_ADMIN');
    const dialog = await openFastCheckIn(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Contractor' }));
    // The role reads the directory, but someone new is typed in the wizard.
    await user.click(within(dialog).getByRole('radio', { name: 'Someone new, typed in the check-in' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.type(await within(dialog).findByLabelText('First name'), 'Carl');
    await user.type(within(dialog).getByLabelText('Last name'), 'Contractor');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(within(dialog).getByRole('group')).getByRole('radio', { name: 'Yes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));

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

  it('keeps the wizard open with the reason the server gives, and goes back to who arrives', async () => {
    const { calls } = fakeEntryLog([visitFixture('Anne', 'Leroy')], {
      overrides: { 'POST /meetingWithCheckIn': () => refusal(400, 'EMPTY_MEETING_DURATION') },
    });
    const { user } = await renderEntryLog('ROLE_MASTER');
    const dialog = await openFastCheckIn(user);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.type(await within(dialog).findByLabelText('First name'), 'Walter');
    await user.type(within(dialog).getByLabelText('Last name'), 'Walkin');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(within(dialog).getByRole('group')).getByRole('radio', { name: 'No' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The expected duration cannot be empty.');
    expect(within(dialog).getByRole('button', { name: 'Finish' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Change who arrives' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Contractor' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Someone new, typed in the check-in' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByLabelText('First name');
    expect(calls.last('GET /meeting/building/:id/checkInData').query).toEqual({ visitorType: 'CONTRACTOR' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument());
  });

  it("asks a returning visitor's questions again with the wizard when their last answers no longer hold", async () => {
    const carla = visitFixture('Carla', 'Diaz', {
      status: 'OUT',
      checkedInAt: '2026-02-01T08:00:00.000Z',
      checkedOutAt: '2026-02-01T09:00:00.000Z',
      hostPersonId: hana.personId,
    });
    const { calls } = fakeEntryLog([carla], {
      overrides: {
        'POST /meeting/instantReplacementCheckin': () =>
          refusal(422, 'CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID'),
      },
    });
    const { user } = await renderEntryLog('ROLE_USER');
    await user.click(
      within(await screen.findByTestId(`visit-row-${carla.id}`)).getByRole('button', {
        name: 'Fast check-in of Carla Diaz: a new visit with the same answers',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Fast check-in' })).getByRole('button', {
        name: 'Check in now',
      }),
    );
    // (The banner; the wizard that opens next has an alert region of its own.)
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContainEqual(
        expect.stringContaining('Your questionnaire answers are no longer valid.'),
      ),
    );
    // Straight to the building's wizard, prefilled from the last visit; its answers are asked again.
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(await within(dialog).findByLabelText('First name')).toHaveValue('Carla');
    expect(within(dialog).getByLabelText('Last name')).toHaveValue('Diaz');
    expect(calls.last('GET /meeting/:id').params).toEqual({ id: carla.id });
    expect(calls.last('GET /meeting/building/:id/checkInData').query).toEqual({ visitorType: 'VISITOR' });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const question = within(dialog).getByRole('group', { name: 'Do you have a fever today?' });
    expect(within(question).getByRole('radio', { name: 'No' })).not.toBeChecked();
    await user.click(within(question).getByRole('radio', { name: 'No' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));

    await banner('Carla Diaz is checked in.');
    expect(calls.last('POST /meetingWithCheckIn').body).toEqual(
      expect.objectContaining({
        buildingId: HQ.id,
        visitorType: 'VISITOR',
        personId: null,
        hostPersonId: hana.personId,
        checkInForm: { firstName: 'Carla', lastName: 'Diaz' },
        questionnairesAnswers: [{ questionnaireId: healthQuestionnaire.id, answers: { [fever.id]: 'NO' } }],
      }),
    );
  });

  it('is not offered to space users, who do no door work', async () => {
    fakeEntryLog([visitFixture('Anne', 'Leroy')]);
    await renderEntryLog('ROLE_SPACE');
    await screen.findByRole('button', { name: 'New invite' });
    expect(screen.queryByRole('button', { name: 'Fast check-in' })).not.toBeInTheDocument();
  });
});
