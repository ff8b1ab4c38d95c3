import { screen, waitFor, within } from '@testing-library/react';
import { type WatchlistEntry, watchKey } from '@vestibule/shared';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { answerCalls, json } from '../../test/answerCalls.ts';
import { renderScreen, storeSignIn } from '../../test/renderApp.tsx';
import { WatchlistPage } from './WatchlistPage.tsx';

let sequence = 0;

/** The watchlist calls answered like the server: one entry per kind and key, newest first. */
function answerWatchlist() {
  let entries: WatchlistEntry[] = [];
  const taken = (kind: WatchlistEntry['kind'], value: string, id?: string) =>
    entries.some(
      (entry) => entry.id !== id && entry.kind === kind && watchKey(kind, entry.value) === watchKey(kind, value),
    );
  const refused = () => json(409, { errorCode: 'WATCHLIST_ENTRY_EXISTS', msg: 'exists' });
  return answerCalls({
    'GET /watchlist': () => ({ entries }),
    'POST /watchlist': ({ body }) => {
      if (taken(body.kind, body.value)) return refused();
      sequence += 1;
      const entry: WatchlistEntry = {
        id: `0190a8f2-0000-7000-8000-${String(sequence).padStart(12, '0')}`,
        ...body,
        createdAt: '2026-11-29T09:00:00.000Z',
        createdBy: 'master',
        matches: 0,
      };
      entries = [entry, ...entries];
      return entry;
    },
    'PATCH /watchlist/:id': ({ params, body }) => {
      if (taken(body.kind, body.value, params.id)) return refused();
      entries = entries.map((entry) => (entry.id === params.id ? { ...entry, ...body } : entry));
      return entries.find((entry) => entry.id === params.id)!;
    },
    'DELETE /watchlist/:id': ({ params }) => {
      entries = entries.filter((entry) => entry.id !== params.id);
      return { ok: true };
    },
  });
}

const rows = () =>
  within(screen.getByTestId('watchlist-table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('the watchlist screen', () => {
  it('adds, refuses twice, changes and removes an entry, each field saying what it matches', async () => {
    storeSignIn({ username: 'master', role: 'ROLE_MASTER' });
    const calls = answerWatchlist();
    const { user } = renderScreen(<WatchlistPage />);
    expect(await screen.findByText('Nobody is on the watchlist.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add to the watchlist' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add to the watchlist' });
    const who = within(dialog).getByRole('textbox', { name: /^Who/ });
    expect(who).toHaveAccessibleDescription(/case, accents and the order of the words do not matter/);
    await user.click(within(dialog).getByRole('radio', { name: 'Phone' }));
    expect(who).toHaveAccessibleDescription(/Compared by its last 9 digits/);
    await user.type(who, '12-34');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Threatened the reception staff');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Valid phone number is required.')).toBeInTheDocument();
    expect(calls.of('POST /watchlist')).toEqual([]);
    await user.clear(who);
    await user.type(who, '+33 6 12 34 56 78');
    await user.click(within(dialog).getByRole('radio', { name: /^Refuse at the door/ }));
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.last('POST /watchlist').body).toEqual({
      kind: 'PHONE',
      value: '+33 6 12 34 56 78',
      action: 'DENY',
      reason: 'Threatened the reception staff',
    });
    await waitFor(() =>
      expect(rows()).toEqual([
        expect.stringMatching(/^\+33 6 12 34 56 78PhoneRefuseThreatened the reception staff.* by master0$/),
      ]),
    );

    // The same number written another way is the same person: refused on the field.
    await user.click(screen.getByRole('button', { name: 'Add to the watchlist' }));
    dialog = await screen.findByRole('dialog', { name: 'Add to the watchlist' });
    await user.click(within(dialog).getByRole('radio', { name: 'Phone' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Who/ }), '06 12 34 56 78');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Again');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This person is already on the watchlist this way.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Changed to a hold, then removed after a question.
    await user.click(screen.getByRole('button', { name: 'Change the entry for +33 6 12 34 56 78' }));
    dialog = await screen.findByRole('dialog', { name: 'Change the entry' });
    await user.click(within(dialog).getByRole('radio', { name: /^Hold for approval/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rows()[0]).toContain('PhoneHoldThreatened'));
    await user.click(screen.getByRole('button', { name: 'Remove +33 6 12 34 56 78 from the watchlist' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove from the watchlist' });
    expect(dialog).toHaveTextContent('Visits already refused or held keep their outcome.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Nobody is on the watchlist.')).toBeInTheDocument();
    expect(calls.of('DELETE /watchlist/:id')).toHaveLength(1);
  });
});
