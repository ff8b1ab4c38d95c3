import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { refusal } from '../../test/answerCalls.ts';
import { fakeEntryLog, healthQuestionnaire, visitFixture } from './testing/fakeEntryLog.ts';
import { renderEntryLog } from './testing/renderEntryLog.tsx';

const row = (visit: { id: string }) => screen.findByTestId(`visit-row-${visit.id}`);
const banner = (text: string) => waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));

describe('entry log actions', () => {
  it("checks an expected visitor in with the kiosk's wizard, prefilled from the invitation", async () => {
    const anne = visitFixture('Anne', 'Leroy', { status: 'TODAY' });
    const { calls } = fakeEntryLog([anne]);
    const { user } = await renderEntryLog('ROLE_USER');
    await user.click(within(await row(anne)).getByRole('button', { name: 'Check in Anne Leroy' }));

    const dialog = await screen.findByRole('dialog', { name: 'Check in Anne Leroy' });
    expect(await within(dialog).findByRole('heading', { level: 2, name: /Step 1 of 3/ })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('First name')).toHaveValue('Anne');
    expect(within(dialog).getByLabelText('Last name')).toHaveValue('Leroy');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    const fever = within(dialog).getByRole('group', { name: 'Do you have a fever today?' });
    await user.click(within(fever).getByRole('radio', { name: 'No' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Comments/ }), 'Badge 12');
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));

    await banner('Anne Leroy is checked in.');
    expect(calls.last('PATCH /meeting/:id/check-in')).toEqual(
      expect.objectContaining({
        params: { id: anne.id },
        body: expect.objectContaining({
          visitorType: 'VISITOR',
          scheduledDuration: 'PT1H',
          checkInForm: { firstName: 'Anne', lastName: 'Leroy' },
          questionnairesAnswers: [
            { questionnaireId: healthQuestionnaire.id, answers: { [healthQuestionnaire.items[0]!.id]: 'NO' } },
          ],
          comments: 'Badge 12',
        }),
      }),
    );
    expect(screen.queryByRole('dialog', { name: 'Check in Anne Leroy' })).not.toBeInTheDocument();
    // The list and the counters load again: Anne is in.
    await waitFor(() => expect(within(screen.getByTestId(`visit-row-${anne.id}`)).getByText('In')).toBeInTheDocument());
    expect(
      within(screen.getByTestId(`visit-row-${anne.id}`)).getByRole('button', { name: 'Check out Anne Leroy' }),
    ).toBeInTheDocument();
  });

  it('says when the visit expired, and when the door refuses the check-in', async () => {
    const anne = visitFixture('Anne', 'Leroy');
    fakeEntryLog([anne], { expired: true, refuseCheckIn: true });
    const { user } = await renderEntryLog('ROLE_SUPERVISOR');
    await user.click(within(await row(anne)).getByRole('button', { name: 'Check in Anne Leroy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check in Anne Leroy' });
    expect(
      await within(dialog).findByText(/This visit's time has passed or its earlier answers no longer hold/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(within(dialog).getByRole('group')).getByRole('radio', { name: 'Yes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Anne Leroy was refused entry: Please wait for the reception.',
      ),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId(`visit-row-${anne.id}`)).getByText('Refused')).toBeInTheDocument(),
    );
  });

  it('keeps the wizard open with the reason when the server refuses the answers', async () => {
    const anne = visitFixture('Anne', 'Leroy');
    fakeEntryLog([anne], {
      overrides: { 'PATCH /meeting/:id/check-in': () => refusal(400, 'EMPTY_MEETING_DURATION') },
    });
    const { user } = await renderEntryLog('ROLE_ADMIN');
    await user.click(within(await row(anne)).getByRole('button', { name: 'Check in Anne Leroy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check in Anne Leroy' });
    await user.click(await within(dialog).findByRole('button', { name: 'Next' }));
    await user.click(within(within(dialog).getByRole('group')).getByRole('radio', { name: 'No' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The expected duration cannot be empty.');
    expect(within(dialog).getByRole('button', { name: 'Finish' })).toBeEnabled();
  });

  it('checks a visitor out with the exit questionnaire and comments', async () => {
    const bob = visitFixture('Bob', 'Stone', { status: 'IN', checkedInAt: '2026-03-02T08:15:00.000Z' });
    const { calls } = fakeEntryLog([bob], { exitQuestionnaires: [healthQuestionnaire] });
    const { user } = await renderEntryLog('ROLE_MASTER');
    await user.click(within(await row(bob)).getByRole('button', { name: 'Check out Bob Stone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check out Bob Stone' });
    const submit = await within(dialog).findByRole('button', { name: 'Check out' });
    expect(submit).toBeDisabled();
    await user.click(
      within(within(dialog).getByRole('group', { name: 'Do you have a fever today?' })).getByRole('radio', {
        name: 'No',
      }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Comments/ }), 'Returned the badge');
    expect(await axeViolations()).toEqual([]);
    await user.click(submit);
    await banner('Bob Stone is checked out.');
    expect(calls.last('PATCH /meeting/:id/check-out').body).toEqual({
      tempMeasure1: null,
      tempMeasure2: null,
      comments: 'Returned the badge',
      questionnairesAnswers: [
        { questionnaireId: healthQuestionnaire.id, answers: { [healthQuestionnaire.items[0]!.id]: 'NO' } },
      ],
    });
    await waitFor(() => expect(within(screen.getByTestId(`visit-row-${bob.id}`)).getByText('Out')).toBeInTheDocument());
  });

  it('checks a visitor in back, cancels an invitation and removes a visit, each after a question', async () => {
    const carla = visitFixture('Carla', 'Diaz', {
      status: 'OUT',
      checkedInAt: '2026-03-02T08:00:00.000Z',
      checkedOutAt: '2026-03-02T09:00:00.000Z',
    });
    const dan = visitFixture('Dan', 'Brown');
    const eve = visitFixture('Eve', 'Stone', { status: 'EXPIRED' });
    const { calls } = fakeEntryLog([carla, dan, eve]);
    const { user } = await renderEntryLog('ROLE_SUPERVISOR');

    await user.click(within(await row(carla)).getByRole('button', { name: 'Check Carla Diaz in back' }));
    let dialog = await screen.findByRole('dialog', { name: 'Check in back' });
    expect(dialog).toHaveTextContent(/Check Carla Diaz in again\? Their check-out at .* is undone/);
    await user.click(within(dialog).getByRole('button', { name: 'Check in back' }));
    await banner('Carla Diaz is checked in again.');
    expect(calls.last('PATCH /meeting/:id/check-in-back').params).toEqual({ id: carla.id });

    await user.click(within(await row(dan)).getByRole('button', { name: 'Cancel the visit of Dan Brown' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel the visit' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(calls.of('PATCH /meeting/:id/cancel')).toHaveLength(0);
    await user.click(within(await row(dan)).getByRole('button', { name: 'Cancel the visit of Dan Brown' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel the visit' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }));
    await banner('The visit of Dan Brown was cancelled.');
    await waitFor(() =>
      expect(within(screen.getByTestId(`visit-row-${dan.id}`)).getByText('Cancelled')).toBeInTheDocument(),
    );

    await user.click(within(await row(eve)).getByRole('button', { name: 'Remove the visit of Eve Stone' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove the visit' });
    expect(dialog).toHaveTextContent('Remove the visit of Eve Stone from the history?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await banner('The visit of Eve Stone was removed.');
    await waitFor(() => expect(screen.queryByTestId(`visit-row-${eve.id}`)).not.toBeInTheDocument());
  });

  it('lets in or refuses a visitor the watchlist holds at the door, after a question; nothing else is offered', async () => {
    const hana = visitFixture('Hana', 'Held', { held: true, scheduledAt: null, isInvitation: false });
    const rolf = visitFixture('Rolf', 'Refused', { held: true, scheduledAt: null, isInvitation: false });
    const { calls } = fakeEntryLog([hana, rolf]);
    const { user } = await renderEntryLog('ROLE_USER');

    const held = within(await row(hana));
    expect(held.getByText('Held at the door').closest('[data-state="HELD"]')).toHaveAttribute(
      'title',
      'The company’s watchlist holds this visitor: let them in or refuse them.',
    );
    expect(held.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Details of the visit of Hana Held',
      'Let Hana Held in',
      'Refuse Hana Held at the door',
    ]);
    expect(await axeViolations()).toEqual([]);

    await user.click(held.getByRole('button', { name: 'Let Hana Held in' }));
    let dialog = await screen.findByRole('dialog', { name: 'Let the visitor in' });
    expect(dialog).toHaveTextContent('Let Hana Held in? The watchlist held them at the door.');
    await user.click(within(dialog).getByRole('button', { name: 'Let in' }));
    await banner('Hana Held is let in; their host is told.');
    expect(calls.last('POST /meeting/:id/approveHeld').params).toEqual({ id: hana.id });
    await waitFor(() => expect(within(screen.getByTestId(`visit-row-${hana.id}`)).getByText('In')).toBeInTheDocument());

    await user.click(within(await row(rolf)).getByRole('button', { name: 'Refuse Rolf Refused at the door' }));
    dialog = await screen.findByRole('dialog', { name: 'Refuse the visitor' });
    expect(dialog).toHaveTextContent('recorded as refused by the watchlist and their host is not told');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Rolf Refused is refused at the door.')).toBeInTheDocument();
    expect(calls.last('POST /meeting/:id/refuseHeld').params).toEqual({ id: rolf.id });
    await waitFor(() =>
      expect(within(screen.getByTestId(`visit-row-${rolf.id}`)).getByText('Refused')).toBeInTheDocument(),
    );
  });

  it('checks a returning visitor in at once, as a new visit with the answers of their last one', async () => {
    const carla = visitFixture('Carla', 'Diaz', {
      status: 'OUT',
      checkedInAt: '2026-03-01T08:00:00.000Z',
      checkedOutAt: '2026-03-01T09:00:00.000Z',
    });
    const { calls, visits } = fakeEntryLog([carla]);
    const { user } = await renderEntryLog('ROLE_USER');
    await user.click(
      within(await row(carla)).getByRole('button', {
        name: 'Check Carla Diaz in again: a new visit with the same details and host',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Check in again' });
    await user.click(within(dialog).getByRole('button', { name: 'Check in now' }));
    await banner('Carla Diaz is checked in.');
    expect(calls.last('POST /meeting/instantReplacementCheckin').body).toEqual({ meetingId: carla.id });
    const replacement = [...visits.values()].find((visit) => visit.id !== carla.id)!;
    await waitFor(() =>
      expect(within(screen.getByTestId(`visit-row-${replacement.id}`)).getByText('In')).toBeInTheDocument(),
    );
  });

  it('says when the answers of the last visit no longer hold', async () => {
    const carla = visitFixture('Carla', 'Diaz', {
      status: 'OUT',
      checkedInAt: '2026-02-01T08:00:00.000Z',
      checkedOutAt: '2026-02-01T09:00:00.000Z',
    });
    fakeEntryLog([carla], {
      overrides: {
        'POST /meeting/instantReplacementCheckin': () =>
          refusal(422, 'CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID'),
      },
    });
    const { user } = await renderEntryLog('ROLE_ADMIN');
    await user.click(
      within(await row(carla)).getByRole('button', {
        name: 'Check Carla Diaz in again: a new visit with the same details and host',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Check in again' })).getByRole('button', {
        name: 'Check in now',
      }),
    );
    // (The banner; the desk's form that opens next has an alert region of its own.)
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContainEqual(
        expect.stringContaining('Your questionnaire answers are no longer valid.'),
      ),
    );
  });

  it('says why an action was refused, and shows the list again', async () => {
    const carla = visitFixture('Carla', 'Diaz', {
      status: 'OUT',
      checkedInAt: '2026-03-02T08:00:00.000Z',
      checkedOutAt: '2026-03-02T09:00:00.000Z',
    });
    fakeEntryLog([carla], { overrides: { 'PATCH /meeting/:id/check-in-back': () => json208() } });
    const { user } = await renderEntryLog('ROLE_USER');
    await user.click(within(await row(carla)).getByRole('button', { name: 'Check Carla Diaz in back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check in back' });
    await user.click(within(dialog).getByRole('button', { name: 'Check in back' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('You are already checked in. Please check out first.'),
    );
  });
  it("links the badge of someone inside or expected to its page in a tab of its own, and no one else's", async () => {
    const inside = visitFixture('Ines', 'Inside', { status: 'IN', checkedInAt: new Date().toISOString() });
    const expected = visitFixture('Eve', 'Expected');
    const gone = visitFixture('Gus', 'Gone', {
      status: 'OUT',
      checkedInAt: new Date(Date.now() - 7_200_000).toISOString(),
      checkedOutAt: new Date().toISOString(),
    });
    fakeEntryLog([inside, expected, gone]);
    await renderEntryLog('ROLE_USER');
    for (const [visit, name] of [
      [inside, 'Ines Inside'],
      [expected, 'Eve Expected'],
    ] as const) {
      const link = within(await row(visit)).getByRole('link', { name: `Print the badge of ${name}` });
      expect(link).toHaveAttribute('href', `/badge/${visit.id}`);
      expect(link).toHaveAttribute('target', '_blank');
    }
    expect(within(await row(gone)).queryByRole('link', { name: /^Print the badge/ })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });
});

function json208(): Response {
  return new Response(JSON.stringify({ errorCode: 'CHECKEDIN', msg: 'CHECKEDIN' }), {
    status: 208,
    headers: { 'content-type': 'application/json' },
  });
}
