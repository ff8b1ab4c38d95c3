import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { fakeEntryLog, visitFixture } from './testing/fakeEntryLog.ts';
import { renderEntryLog } from './testing/renderEntryLog.tsx';

// The banner of who waits at the door (docs/watchlist.md, "Alerts"): every visitor the watchlist
// holds in the user's buildings, whatever the list shows, with the row's own Let in and Refuse.

const banner = () => screen.findByRole('region', { name: /waiting at the door for approval$/ });
const item = (visit: { id: string }) => screen.findByTestId(`held-visitor-${visit.id}`);

describe('the entry log banner of visitors held at the door', () => {
  it('lists each held visitor with their building and since when, whatever the list shows, and lets staff decide from it', async () => {
    const hana = visitFixture('Hana', 'Held', { held: true, scheduledAt: null, isInvitation: false });
    const rolf = visitFixture('Rolf', 'Waits', {
      held: true,
      scheduledAt: null,
      isInvitation: false,
      buildingName: 'Annex',
    });
    const bob = visitFixture('Bob', 'Stone', { status: 'IN', checkedInAt: new Date().toISOString() });
    const { calls } = fakeEntryLog([hana, rolf, bob]);
    const { user } = await renderEntryLog('ROLE_USER');

    expect(await banner()).toHaveTextContent('2 visitors waiting at the door for approval');
    expect(await item(hana)).toHaveTextContent(/^Hana Held at HQ, waiting since \d{1,2}:\d{2}/);
    expect(await item(rolf)).toHaveTextContent(/^Rolf Waits at Annex, waiting since \d{1,2}:\d{2}/);
    // Its region is a polite live region: a visitor newly held is read out without taking the focus.
    expect(screen.getByTestId('held-visitors')).toHaveAttribute('aria-live', 'polite');
    expect(await axeViolations()).toEqual([]);

    // The list shows only who is inside; the banner still shows both held visitors.
    await user.click(screen.getByRole('button', { name: /^In the building/ }));
    await waitFor(() => expect(calls.last('GET /meeting').query.counter).toBe('inBuilding'));
    await waitFor(() => expect(screen.queryByTestId(`visit-row-${hana.id}`)).not.toBeInTheDocument());
    expect(await banner()).toHaveTextContent('2 visitors waiting at the door for approval');

    // Let in from the banner, by keyboard: the row's question, then the call, and the banner follows.
    const letIn = within(await item(hana)).getByRole('button', { name: 'Let Hana Held in' });
    expect(letIn).toHaveTextContent('Let in');
    letIn.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Let the visitor in' });
    expect(dialog).toHaveTextContent('Let Hana Held in? The watchlist held them at the door.');
    await user.click(within(dialog).getByRole('button', { name: 'Let in' }));
    expect(await screen.findByText('Hana Held is let in; their host is told.')).toBeInTheDocument();
    expect(calls.last('POST /meeting/:id/approveHeld').params).toEqual({ id: hana.id });
    await waitFor(async () => expect(await banner()).toHaveTextContent('1 visitor waiting at the door for approval'));
    expect(screen.queryByTestId(`held-visitor-${hana.id}`)).not.toBeInTheDocument();

    await user.click(within(await item(rolf)).getByRole('button', { name: 'Refuse Rolf Waits at the door' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Refuse the visitor' })).getByRole('button', { name: 'Refuse' }),
    );
    expect(calls.last('POST /meeting/:id/refuseHeld').params).toEqual({ id: rolf.id });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /waiting at the door for approval$/ })).not.toBeInTheDocument(),
    );
  });

  it('appears live when a visitor is held at the door of any building the user sees', async () => {
    const bob = visitFixture('Bob', 'Stone', { status: 'IN', checkedInAt: new Date().toISOString() });
    const entryLog = fakeEntryLog([bob]);
    await renderEntryLog('ROLE_USER');
    await screen.findByTestId(`visit-row-${bob.id}`);
    await waitFor(() => expect(entryLog.live.open()).toHaveLength(1));
    expect(screen.queryByRole('region', { name: /waiting at the door for approval$/ })).not.toBeInTheDocument();

    const zoe = visitFixture('Zoë', 'Lefèvre', {
      held: true,
      scheduledAt: null,
      isInvitation: false,
      buildingId: '0190a8f2-0000-7000-8000-0000000a0e00',
      buildingName: 'Annex',
    });
    entryLog.changedElsewhere(zoe, 'created');
    expect(await banner()).toHaveTextContent('1 visitor waiting at the door for approval');
    expect(await item(zoe)).toHaveTextContent(/^Zoë Lefèvre at Annex, waiting since/);
  });

  it('shows space users who waits, without the door’s decisions they may not take', async () => {
    const hana = visitFixture('Hana', 'Held', { held: true, scheduledAt: null, isInvitation: false });
    fakeEntryLog([hana]);
    await renderEntryLog('ROLE_SPACE');
    expect(await banner()).toHaveTextContent('1 visitor waiting at the door for approval');
    expect(within(await item(hana)).queryAllByRole('button')).toEqual([]);
  });
});
