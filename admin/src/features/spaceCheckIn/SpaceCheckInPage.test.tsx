import { screen, within } from '@testing-library/react';
import { type SpaceNow, type SpaceOccurrence, spaceNowSchema } from '@vestibule/shared';
import { describe, expect, it, vi } from 'vitest';
import { answerCalls, refusal } from '../../test/answerCalls.ts';
import { axeViolations } from '../../test/axe.ts';
import { renderApp } from '../../test/renderApp.tsx';

// The space's page its QR code opens (docs/space-booking.md, "Check-in and release"), answered
// like the server's contract.

const SPACE = '0190a8f2-0000-7000-8000-000000000101';
const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();

function occurrence(changes: Partial<SpaceOccurrence>): SpaceOccurrence {
  return {
    id: '0190a8f2-0000-7000-8000-000000000201-1',
    title: 'Focus time',
    startsAt: at(5),
    endsAt: at(65),
    status: 'APPROVED',
    host: 'Uma User',
    checkedInAt: null,
    checkInOpensAt: at(-10),
    releasedAfter: at(15),
    ...changes,
  };
}

function page(changes: Partial<SpaceNow>): SpaceNow {
  return spaceNowSchema.parse({
    space: { id: SPACE, name: 'Desk 7', kind: 'DESK', floor: 'Ground floor', building: 'Demo HQ' },
    timeZone: 'UTC',
    releaseMinutes: 10,
    current: null,
    mine: [],
    ...changes,
  });
}

const asUser = { as: { username: 'user', role: 'ROLE_USER' as const } };

describe("a space's page", () => {
  it('checks the host in to their booking once the check-in is open, and shows it done', async () => {
    let state = page({ mine: [occurrence({})] });
    const calls = answerCalls({
      'GET /spacebooking/space/:spaceId': () => state,
      'POST /spacebooking/checkin/:id': ({ params }) => {
        const checkedInAt = new Date().toISOString();
        state = page({ mine: [occurrence({ checkedInAt, checkInOpensAt: null, releasedAfter: null })] });
        return { id: params.id ?? '', checkedInAt };
      },
    });
    const { user } = renderApp(`/spacebooking/space/${SPACE}`, asUser);
    expect(await screen.findByRole('heading', { level: 1, name: 'Desk 7' })).toBeInTheDocument();
    expect(screen.getByText('Ground floor, Demo HQ')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    const booking = screen.getByRole('article', { name: /^Focus time, / });
    expect(within(booking).getByText(/the space is released for others/)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.click(within(booking).getByRole('button', { name: 'Check in' }));
    expect(await within(screen.getByRole('article')).findByText(/^Checked in at /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();
    expect(calls.of('POST /spacebooking/checkin/:id').map((call) => call.params.id)).toEqual([
      '0190a8f2-0000-7000-8000-000000000201-1',
    ]);
  });

  it('says when the check-in opens, and shows who holds the space now', async () => {
    answerCalls({
      'GET /spacebooking/space/:spaceId': () =>
        page({
          current: occurrence({
            id: 'x-1',
            title: 'Stand-up',
            host: 'Sam Supervisor',
            startsAt: at(-10),
            endsAt: at(20),
          }),
          mine: [occurrence({ startsAt: at(60), endsAt: at(120), checkInOpensAt: at(45), releasedAfter: at(70) })],
        }),
    });
    renderApp(`/spacebooking/space/${SPACE}`, asUser);
    expect(await screen.findByText(/^Stand-up, booked by Sam Supervisor until /)).toBeInTheDocument();
    const booking = screen.getByRole('article');
    expect(within(booking).getByRole('button', { name: 'Check in' })).toBeDisabled();
    expect(within(booking).getByText(/^Check-in opens at /)).toBeInTheDocument();
  });

  it('offers to book when the caller has nothing here today', async () => {
    answerCalls({ 'GET /spacebooking/space/:spaceId': () => page({}) });
    renderApp(`/spacebooking/space/${SPACE}`, asUser);
    expect(await screen.findByText('You have no booking of this space for the rest of today.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a space' })).toHaveAttribute('href', '/spacebooking/map');
  });

  it('shows the refusal of a check-in', async () => {
    answerCalls({
      'GET /spacebooking/space/:spaceId': () => page({ mine: [occurrence({})] }),
      'POST /spacebooking/checkin/:id': () => refusal(409, 'BOOKING_NOT_CHANGEABLE'),
    });
    const { user } = renderApp(`/spacebooking/space/${SPACE}`, asUser);
    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This booking can no longer be changed');
  });

  it('says so when the space is not there', async () => {
    answerCalls({ 'GET /spacebooking/space/:spaceId': () => refusal(404, 'NOT_FOUND') });
    renderApp(`/spacebooking/space/${SPACE}`, asUser);
    expect(await screen.findByText('This space could not be opened')).toBeInTheDocument();
  });
});

describe("a space's QR code sheet", () => {
  it("prints the space's name, where it is, and the QR code of its page", async () => {
    answerCalls({ 'GET /spacebooking/space/:spaceId': () => page({}) });
    const { user } = renderApp(`/admin/space/qr/${SPACE}`, { as: { username: 'master', role: 'ROLE_MASTER' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Desk 7' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    const code = await screen.findByRole('img', { name: 'QR code of Desk 7' });
    expect(code.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(code.parentElement).toHaveAttribute('data-url', `${window.location.origin}/spacebooking/space/${SPACE}`);
    expect(screen.getByText('Scan to check in to your booking')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
