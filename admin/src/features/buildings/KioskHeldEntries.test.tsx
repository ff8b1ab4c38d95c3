import { screen, waitFor, within } from '@testing-library/react';
import type { HeldMutation } from '@vestibule/shared';
import { describe, expect, it, vi } from 'vitest';
import { dateTimeFormatter } from '../../format/dateTime.ts';
import { json } from '../../test/answerCalls.ts';
import { axeViolations } from '../../test/axe.ts';
import { i18n } from '../locale/index.ts';
import { BuildingDialog } from './BuildingDialog.tsx';
import { answerBuildings, buildingFixture, heldEntryFixture, kioskDeviceFixture } from './testing/buildingsAnswers.ts';
import { renderBuildingScreen } from './testing/renderBuildingScreen.tsx';

// The held entries of revoked kiosks in the building dialog's Kiosk devices tab (docs/kiosk.md,
// "Revocation and held entries"): listed, each applied or discarded after a confirmation.

const revoked = kioskDeviceFixture({ revokedAt: '2026-03-02T09:00:00.000Z' });
const grace = heldEntryFixture();
const alan = heldEntryFixture({
  mutationId: '0190a8f2-0000-7000-8000-0000000000a2',
  type: 'checkOut',
  personName: 'Alan Turing',
  occurredAt: '2026-03-02T08:45:00.000Z',
});
const unnamed = heldEntryFixture({
  mutationId: '0190a8f2-0000-7000-8000-0000000000a3',
  personName: null,
  deviceName: null,
  occurredAt: '2026-03-02T08:50:00.000Z',
});

/** The building dialog on its Kiosk devices tab, the server holding `held`. */
async function kioskTab(held: HeldMutation[], options: Parameters<typeof answerBuildings>[1] = {}) {
  const fake = answerBuildings(buildingFixture(), { kiosks: { devices: [revoked], rejected: [] }, held, ...options });
  const view = renderBuildingScreen(<BuildingDialog buildingId={fake.current().id} onClose={vi.fn()} />, 'ROLE_MASTER');
  await screen.findByRole('dialog', { name: /building|bâtiment|edificio/i });
  await view.user.click(
    await screen.findByRole('tab', { name: /Kiosk devices|Appareils de borne|Dispositivos de quiosco/ }),
  );
  await screen.findByTestId('kiosk-devices-refresh');
  return { ...view, fake };
}

/** A moment as the tester (no saved formats) reads it in English. */
const shown = (iso: string) => dateTimeFormatter({}, 'en').dateTime(iso);

const rows = () => screen.queryAllByTestId('kiosk-held-row');
const personsListed = () => rows().map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('held entries of revoked kiosks', () => {
  it('shows no section while nothing is held', async () => {
    const { fake } = await kioskTab([]);
    await waitFor(() => expect(fake.calls.of('GET /building/:id/devices/held')).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'Entries to resolve' })).toBeInTheDocument();
    expect(screen.queryByTestId('kiosk-held')).not.toBeInTheDocument();
  });

  it('lists each held entry: person, kind, time on the kiosk, arrival, and the kiosk with its revocation', async () => {
    const { fake } = await kioskTab([grace, alan, unnamed]);
    const table = await screen.findByRole('table', {
      name: 'Entries of revoked kiosks waiting for review, oldest first',
    });
    expect(fake.calls.last('GET /building/:id/devices/held').params).toEqual({ id: fake.current().id });
    expect(screen.getByRole('heading', { name: 'Entries held from revoked kiosks' })).toBeInTheDocument();
    expect(screen.getByText(/a stolen tablet can date them before its revocation/)).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Person', 'Entry', 'On the kiosk', 'Reached the server', 'Kiosk', 'Actions']);
    const cells = within(rows()[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual([
      'Grace Hopper',
      'Check-in',
      shown(grace.occurredAt),
      shown(grace.receivedAt),
      `Front desk tablet${`revoked ${shown(grace.revokedAt)}`}`,
    ]);
    expect(within(rows()[1]!).getAllByRole('cell')[1]).toHaveTextContent('Check-out');
    // Without a name: the kiosk's short id, and buttons named by the entry's time.
    expect(within(rows()[2]!).getAllByRole('cell')[4]).toHaveTextContent(/^0190a8f2revoked/);
    expect(
      within(rows()[2]!).getByRole('button', { name: `Apply the entry of ${shown(unnamed.occurredAt)}` }),
    ).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('applies an entry after a confirmation that says what happens, once; the focus goes to the next entry', async () => {
    const { user, fake } = await kioskTab([grace, alan]);
    await screen.findByTestId('kiosk-held-table');
    await user.click(screen.getByRole('button', { name: 'Apply the entry of Grace Hopper' }));
    const confirm = await screen.findByRole('dialog', { name: 'Apply this entry?' });
    expect(confirm).toHaveTextContent(
      `The check-in of Grace Hopper on ${shown(grace.occurredAt)} is recorded as if “Front desk tablet” had sent it in time, judged by the building’s check-in rules. This cannot be undone here.`,
    );
    // The safe answer has the focus.
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(personsListed()).toEqual(['Alan Turing']));
    expect(
      fake.calls.of('POST /building/:id/devices/:deviceId/held/:mutationId/apply').map((call) => call.params),
    ).toEqual([{ id: fake.current().id, deviceId: grace.deviceId, mutationId: grace.mutationId }]);
    expect(screen.getByRole('status')).toHaveTextContent('The entry is applied.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Apply the entry of Alan Turing' })).toHaveFocus());
    // The kiosks and refused entries were read again with it.
    expect(fake.calls.of('GET /building/:id/devices').length).toBeGreaterThanOrEqual(2);
  });

  it('discards an entry after its own confirmation; Escape changes nothing; after the last, says none waits', async () => {
    const { user, fake } = await kioskTab([alan]);
    await screen.findByTestId('kiosk-held-table');
    const discard = screen.getByRole('button', { name: 'Discard the entry of Alan Turing' });
    await user.click(discard);
    let confirm = await screen.findByRole('dialog', { name: 'Discard this entry?' });
    expect(confirm).toHaveTextContent(
      `The check-out of Alan Turing on ${shown(alan.occurredAt)} is not recorded. The entry stays in the kiosk’s history as discarded.`,
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard this entry?' })).not.toBeInTheDocument());
    expect(fake.calls.of('POST /building/:id/devices/:deviceId/held/:mutationId/discard')).toHaveLength(0);
    await waitFor(() => expect(discard).toHaveFocus());

    await user.click(discard);
    confirm = await screen.findByRole('dialog', { name: 'Discard this entry?' });
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('No entry waits for review.')).toBeInTheDocument();
    expect(fake.calls.of('POST /building/:id/devices/:deviceId/held/:mutationId/discard')).toHaveLength(1);
    expect(fake.calls.of('POST /building/:id/devices/:deviceId/held/:mutationId/apply')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('The entry is discarded.');
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Entries held from revoked kiosks' })).toHaveFocus(),
    );
  });

  it('says why the rules refused an applied entry, which then waits among the entries to resolve', async () => {
    const { user } = await kioskTab([grace], { refuseWhenApplied: { [grace.mutationId]: 'CHECKEDIN' } });
    await user.click(await screen.findByRole('button', { name: 'Apply the entry of Grace Hopper' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Apply this entry?' })).getByRole('button', { name: 'Apply' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^The entry could not be applied: /);
    expect(alert).toHaveTextContent('It is now among the entries to resolve.');
    const refused = await screen.findByTestId('kiosk-rejected-table');
    expect(within(refused).getByText('Grace Hopper')).toBeInTheDocument();
    expect(await screen.findByText('No entry waits for review.')).toBeInTheDocument();
  });

  it('reads the list again when someone else reviewed the entry meanwhile', async () => {
    const { user, fake } = await kioskTab([grace]);
    fake.calls.once(
      'POST /building/:id/devices/:deviceId/held/:mutationId/apply',
      json(409, { errorCode: 'KIOSK_ENTRY_NOT_HELD', msg: 'Not held' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Apply the entry of Grace Hopper' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Apply this entry?' })).getByRole('button', { name: 'Apply' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This entry is no longer held: it was applied or discarded already.',
    );
    await waitFor(() => expect(fake.calls.of('GET /building/:id/devices/held').length).toBeGreaterThanOrEqual(2));
  });

  it.each([
    ['fr', 'Opérations retenues des bornes révoquées', 'Appliquer l’opération de Grace Hopper', 'Écarter'],
    ['es', 'Registros retenidos de quioscos revocados', 'Aplicar el registro de Grace Hopper', 'Descartar'],
  ])('speaks %s', async (language, title, apply, discard) => {
    await i18n.changeLanguage(language);
    await kioskTab([grace]);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: apply })).toBeInTheDocument();
    expect(
      within(screen.getByTestId('kiosk-held-row')).getByRole('button', { name: new RegExp(`^${discard}`) }),
    ).toBeInTheDocument();
  });
});
