import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { acme, tenantSelection, userFixture } from '../../test/fixtures.ts';
import { answerSession } from '../../test/answerCalls.ts';
import { renderScreen, storeSignIn } from '../../test/renderApp.tsx';
import { createSessionStore } from '../session/index.ts';
import { EntryLogPage } from './EntryLogPage.tsx';
import {
  HQ,
  detailOf,
  directoryVisitor,
  fakeEntryLog,
  hana,
  healthQuestionnaire,
  visitFixture,
} from './testing/fakeEntryLog.ts';
import { renderEntryLog } from './testing/renderEntryLog.tsx';

const question = healthQuestionnaire.items[0]!;

describe('a visit in detail', () => {
  it('shows the check-in data, the check-in questionnaires, the check-out data and the check-out questionnaires', async () => {
    const carla = visitFixture('Carla', 'Diaz', {
      status: 'OUT',
      checkedInAt: '2026-03-02T08:00:00.000Z',
      checkedOutAt: '2026-03-02T09:30:00.000Z',
      checkoutMethod: 'AUTO_TIMEOUT',
      companyName: 'Initech',
    });
    const answered = (answer: string) => [
      {
        questionnaireId: healthQuestionnaire.id,
        name: 'Health check',
        items: [{ questionId: question.id, question: question.text, questionType: 'YESNO' as const, answer }],
      },
    ];
    fakeEntryLog([carla], {
      overrides: {
        'GET /meeting/:id': () =>
          detailOf(carla, {
            tempMeasure1: 36.6,
            comments: 'Came by train',
            consentAccepted: true,
            questionnairesAnswers: answered('NO'),
            exitQuestionnairesAnswers: answered('YES'),
            exitComments: 'Left the badge',
          }),
      },
    });
    const { user } = await renderEntryLog('ROLE_USER');
    await user.click(await screen.findByRole('button', { name: 'Details of the visit of Carla Diaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Visit of Carla Diaz' });
    const tabs = await within(dialog).findByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Check-in data', 'Check-in questionnaires', 'Check-out data', 'Check-out questionnaires']);
    const panel = () => within(dialog).getByRole('tabpanel');
    expect(panel()).toHaveTextContent('CompanyInitech');
    expect(panel()).toHaveTextContent('HostHana Host');
    expect(panel()).toHaveTextContent('Visit code');
    expect(panel()).toHaveTextContent('Temperature36.6');
    expect(panel()).toHaveTextContent('CommentsCame by train');
    expect(panel()).toHaveTextContent('ConsentGiven');
    expect(panel()).toHaveTextContent('Invited byFrida Front');
    expect(panel()).toHaveTextContent('Checked in byStaff');
    // A field of the building's form besides the names, labelled with the wizard's words.
    expect(panel()).toHaveTextContent('Licence plateAB-123-CD');
    expect(await axeViolations()).toEqual([]);

    await user.click(within(tabs).getByRole('tab', { name: 'Check-in questionnaires' }));
    expect(within(panel()).getByRole('table', { name: 'Health check' })).toHaveTextContent('fever');
    expect(within(panel()).getByRole('table', { name: 'Health check' })).toHaveTextContent('No');

    await user.click(within(tabs).getByRole('tab', { name: 'Check-out data' }));
    expect(panel()).toHaveTextContent('Checked out byAutomatically, after the expected end');
    expect(panel()).toHaveTextContent('CommentsLeft the badge');

    await user.click(within(tabs).getByRole('tab', { name: 'Check-out questionnaires' }));
    expect(within(panel()).getByRole('table', { name: 'Health check' })).toHaveTextContent('Yes');
    expect(await axeViolations()).toEqual([]);
  });

  it("hides empty fields, says who checked in only after a check-in, names a contractor's company", async () => {
    const carl = visitFixture('Carl', 'Contractor', { visitorType: 'CONTRACTOR', companyName: 'Fixit' });
    fakeEntryLog([carl], { overrides: { 'GET /meeting/:id': () => detailOf(carl, { invitedByName: null }) } });
    const { user } = await renderEntryLog('ROLE_USER');
    await user.click(await screen.findByRole('button', { name: 'Details of the visit of Carl Contractor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Visit of Carl Contractor' });
    const panel = await within(dialog).findByRole('tabpanel');
    expect(panel).toHaveTextContent("Contractor's companyFixit");
    // An invitation not yet in: nobody checked it in, no consent was asked, no phone, no inviter.
    expect(panel).not.toHaveTextContent('Checked in by');
    expect(panel).not.toHaveTextContent('Consent');
    expect(within(panel).queryByText('Phone')).not.toBeInTheDocument();
    expect(within(panel).queryByText('Invited by')).not.toBeInTheDocument();
    expect(within(panel).queryByText('—')).not.toBeInTheDocument();
  });

  it("shows the visitor's photo, fetched with the user's token, and no photo for a visit without one", async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() });
    const pia = visitFixture('Pia', 'Portrait', { hasPhoto: true });
    const nat = visitFixture('Nat', 'Nophoto');
    const { calls } = fakeEntryLog([pia, nat], {
      overrides: {
        'GET /meeting/:id/photo': () => new Response('jpeg', { headers: { 'content-type': 'image/jpeg' } }),
      },
    });
    const { user } = await renderEntryLog('ROLE_USER');
    await user.click(await screen.findByRole('button', { name: 'Details of the visit of Pia Portrait' }));
    const dialog = await screen.findByRole('dialog', { name: 'Visit of Pia Portrait' });
    expect(await within(dialog).findByRole('img', { name: 'Photo of Pia Portrait' })).toHaveAttribute(
      'src',
      'blob:photo',
    );
    expect(calls.of('GET /meeting/:id/photo').map((call) => call.params.id)).toEqual([pia.id]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(await screen.findByRole('button', { name: 'Details of the visit of Nat Nophoto' }));
    const other = await screen.findByRole('dialog', { name: 'Visit of Nat Nophoto' });
    await within(other).findByRole('tabpanel');
    expect(within(other).queryByRole('img', { name: /^Photo of/ })).not.toBeInTheDocument();
    expect(calls.of('GET /meeting/:id/photo')).toHaveLength(1);
  });

  it("links an administrator to the visit's history in the Logs", async () => {
    const anne = visitFixture('Anne', 'Leroy', { status: 'OUT', checkedInAt: new Date().toISOString() });
    fakeEntryLog([anne]);
    const { user } = await renderEntryLog('ROLE_ADMIN');
    await user.click(await screen.findByRole('button', { name: 'Details of the visit of Anne Leroy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Visit of Anne Leroy' });
    expect(await within(dialog).findByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      `/admin/logs?history=visit:${anne.id}`,
    );
  });

  it('offers what can be done with the visit now: check in, send the invitation again, edit, cancel', async () => {
    const anne = visitFixture('Anne', 'Leroy', { companyName: 'Globex' });
    const bob = visitFixture('Bob', 'Stone', { status: 'IN', checkedInAt: new Date().toISOString() });
    const { calls } = fakeEntryLog([anne, bob]);
    const { user } = await renderEntryLog('ROLE_USER');
    await user.click(await screen.findByRole('button', { name: 'Details of the visit of Anne Leroy' }));
    let dialog = await screen.findByRole('dialog', { name: 'Visit of Anne Leroy' });
    await within(dialog).findByRole('tabpanel');
    expect(within(dialog).queryByRole('button', { name: 'Check out' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Check in' }).closest('[data-dialog-actions]')).not.toBeNull();
    // The history is the administrators' (the Logs screen).
    expect(within(dialog).queryByRole('link', { name: 'History' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation again' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'The invitation of Anne Leroy is on its way again to anne@example.com.',
      ),
    );
    expect(calls.last('POST /meeting/:id/resendInvitation').params).toEqual({ id: anne.id });

    await user.click(within(dialog).getByRole('button', { name: 'Edit details' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit the visit of Anne Leroy' });
    const company = within(edit).getByRole('textbox', { name: 'Company' });
    expect(company).toHaveValue('Globex');
    await user.clear(company);
    await user.type(company, 'Globex Europe');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The visit of Anne Leroy is saved.'));
    // Only what changed is sent.
    expect(calls.last('PATCH /meeting/:id').body).toEqual({ companyName: 'Globex Europe' });

    await user.click(await screen.findByRole('button', { name: 'Details of the visit of Anne Leroy' }));
    dialog = await screen.findByRole('dialog', { name: 'Visit of Anne Leroy' });
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel the visit' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel the visit' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel the visit' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The visit of Anne Leroy was cancelled.'));

    await user.click(await screen.findByRole('button', { name: 'Details of the visit of Bob Stone' }));
    dialog = await screen.findByRole('dialog', { name: 'Visit of Bob Stone' });
    await user.click(await within(dialog).findByRole('button', { name: 'Check out' }));
    expect(await screen.findByRole('dialog', { name: 'Check out Bob Stone' })).toBeInTheDocument();
    // Nothing to send, edit or cancel once in.
    expect(screen.queryByRole('button', { name: 'Send the invitation again' })).not.toBeInTheDocument();
  });

  it('says what a visit not yet in lacks', async () => {
    const anne = visitFixture('Anne', 'Leroy');
    fakeEntryLog([anne]);
    const { user } = await renderEntryLog('ROLE_SPACE');
    await user.click(await screen.findByRole('button', { name: 'Details of the visit of Anne Leroy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Visit of Anne Leroy' });
    const tabs = await within(dialog).findByRole('tablist');
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('Not checked in.');
    await user.click(within(tabs).getByRole('tab', { name: 'Check-in questionnaires' }));
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('No questionnaire was answered.');
    await user.click(within(tabs).getByRole('tab', { name: 'Check-out data' }));
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('Not checked out yet.');
  });
});

describe('a new invitation', () => {
  it('invites someone new with a host found in the directory, at a time and for a duration of the choices', async () => {
    const { calls } = fakeEntryLog([]);
    const { user } = await renderEntryLog('ROLE_SPACE');
    await screen.findByText('No visits yet.');
    await user.click(screen.getByRole('button', { name: 'New invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'New invite' });
    // Space users do not read the people directory: a new visitor only.
    expect(within(dialog).queryByRole('radio', { name: 'Someone in the people directory' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    expect(within(dialog).getByText('Choose the host.')).toBeInTheDocument();
    expect(calls.of('POST /meeting')).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Dora');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Guest');
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'dora@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'Company' }), 'Umbrella');
    await user.type(within(dialog).getByRole('textbox', { name: 'Host' }), 'han');
    await waitFor(() =>
      expect(calls.last('GET /meeting/building/:id/employee').query).toEqual({ name: 'han', limit: '10' }),
    );
    expect(calls.last('GET /meeting/building/:id/employee').params).toEqual({ id: HQ.id });
    await user.click(await screen.findByRole('option', { name: 'Hana Host · Sales' }));
    await user.clear(within(dialog).getByLabelText(/^Date/));
    await user.type(within(dialog).getByLabelText(/^Date/), '2030-05-06');
    await user.clear(within(dialog).getByLabelText(/^Time/));
    await user.type(within(dialog).getByLabelText(/^Time/), '14:30');
    await user.click(within(dialog).getByRole('textbox', { name: 'Duration' }));
    const durations = await screen.findByRole('listbox');
    expect(
      within(durations)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5 min', '15 min', '30 min', '1 h', '1 h 30 min', '2 h', '3 h', '4 h', '5 h', '6 h', '7 h', '8 h']);
    await user.click(within(durations).getByRole('option', { name: '1 h 30 min' }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Dora Guest is invited: the invitation is on its way by e-mail.',
      ),
    );
    expect(calls.last('POST /meeting').body).toEqual({
      buildingId: HQ.id,
      visitorType: 'VISITOR',
      personId: null,
      firstName: 'Dora',
      lastName: 'Guest',
      email: 'dora@example.com',
      phone: null,
      companyName: 'Umbrella',
      hostPersonId: hana.personId,
      hostUserId: null,
      scheduledAt: new Date(2030, 4, 6, 14, 30).toISOString(),
      scheduledDuration: 'PT1H30M',
      comments: null,
    });
    // The list loads again with the new visit.
    expect(await screen.findByRole('button', { name: 'Details of the visit of Dora Guest' })).toBeInTheDocument();
  });

  it("takes the time on the building's clock, its zone named, when it is not the viewer's", async () => {
    const viewer = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // Tokyo keeps no summer time: 10:30 there is 01:30 UTC; Toronto is on summer time in May.
    const [zone, expected] =
      viewer === 'Asia/Tokyo'
        ? ['America/Toronto', '2030-05-06T14:30:00.000Z']
        : ['Asia/Tokyo', '2030-05-06T01:30:00.000Z'];
    const selection = { ...tenantSelection(acme), buildings: [{ ...HQ, timeZoneId: zone }] };
    const { calls } = fakeEntryLog([], {
      overrides: { 'GET /selectTenant': () => selection, 'GET /selectTenant/:tenantId': () => selection },
    });
    const { user } = await renderEntryLog('ROLE_USER');
    await screen.findByText('No visits yet.');
    await user.click(screen.getByRole('button', { name: 'New invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'New invite' });
    const zoneName = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(new Date(expected))
      .find((part) => part.type === 'timeZoneName')!.value;
    expect(
      within(dialog).getByText(`On HQ's clock (${zone}), not yours: the invitation says this time.`),
    ).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Kenji');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Clock');
    await user.click(within(dialog).getByRole('textbox', { name: 'Host' }));
    await user.click(await screen.findByRole('option', { name: 'Hana Host · Sales' }));
    await user.clear(within(dialog).getByLabelText(/^Date/));
    await user.type(within(dialog).getByLabelText(/^Date/), '2030-05-06');
    const time = within(dialog).getByLabelText(new RegExp(`^Time \\(${zoneName.replace(/[+]/g, '\\+')}\\)`));
    await user.clear(time);
    await user.type(time, '10:30');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(calls.of('POST /meeting')).toHaveLength(1));
    expect(calls.last('POST /meeting').body).toEqual(expect.objectContaining({ scheduledAt: expected }));
  });

  it('invites a person of the directory', async () => {
    const { calls } = fakeEntryLog([]);
    const { user } = await renderEntryLog('ROLE_USER');
    await screen.findByText('No visits yet.');
    await user.click(screen.getByRole('button', { name: 'New invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'New invite' });
    await user.click(within(dialog).getByRole('radio', { name: 'Someone in the people directory' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Person' }));
    await user.click(await screen.findByRole('option', { name: 'Nora Regular · nora@example.com' }));
    expect(calls.last('GET /people').query).toEqual(
      expect.objectContaining({ buildingId: HQ.id, visitorType: 'VISITOR', active: 'true' }),
    );
    await user.click(within(dialog).getByRole('textbox', { name: 'Host' }));
    await user.click(await screen.findByRole('option', { name: /Hana Host/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Nora Regular is invited'));
    expect(calls.last('POST /meeting').body).toEqual(
      expect.objectContaining({ personId: directoryVisitor.id, hostPersonId: hana.personId }),
    );
    expect(calls.last('POST /meeting').body).not.toHaveProperty('firstName');
  });
});

describe('a user without a building', () => {
  it('says why there is nothing to show, and calls nothing', async () => {
    storeSignIn({ ...userFixture('me', ['ROLE_SUPERVISOR']), tenant: acme, role: 'ROLE_SUPERVISOR' });
    const selection = () => ({ tenant: acme, tenants: [acme], buildings: [], googleConfig: null });
    answerSession({ 'GET /selectTenant': selection, 'GET /selectTenant/:tenantId': selection });
    const session = createSessionStore({
      storage: localStorage,
      noticeStorage: sessionStorage,
      now: () => Date.now(),
      navigate: () => undefined,
      reloadAt: () => undefined,
      currentPath: () => '/check-in-out',
    });
    await session.getState().selectTenant();
    const { calls } = fakeEntryLog([]);
    renderScreen(<EntryLogPage />, session);
    expect(await screen.findByTestId('entry-log-no-building')).toHaveTextContent(
      'No building to show: the entry log lists the visits of your buildings',
    );
    expect(calls.received).toEqual([]);
  });
});
