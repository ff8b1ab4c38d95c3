import { screen, waitFor, within } from '@testing-library/react';
import { axeViolations } from '../../test/axe.ts';
import { describe, expect, it, vi } from 'vitest';
import { dateTimeFormatter } from '../../format/dateTime.ts';
import { BuildingDialog } from './BuildingDialog.tsx';
import type { BuildingKiosks } from './buildingsApi.ts';
import { formatRelative } from './KioskDevicesSection.tsx';
import { json } from '../../test/answerCalls.ts';
import {
  answerBuildings,
  buildingFixture,
  kioskDeviceFixture,
  rejectedEntryFixture,
} from './testing/buildingsAnswers.ts';
import { renderBuildingScreen } from './testing/renderBuildingScreen.tsx';

const lobbyKiosk = '0190a8f2-0000-7000-8000-0000000000d1';
const gateKiosk = '0190a8f3-0000-7000-8000-0000000000d2';

/** The building dialog on its "Kiosk devices" tab, the server knowing `kiosks`. */
async function kioskTab(kiosks: BuildingKiosks = { devices: [], rejected: [] }) {
  const fake = answerBuildings(buildingFixture(), { kiosks });
  const onClose = vi.fn<(changed: boolean) => void>();
  const view = renderBuildingScreen(<BuildingDialog buildingId={fake.current().id} onClose={onClose} />, 'ROLE_MASTER');
  await screen.findByRole('dialog', { name: 'Edit the building' });
  await view.user.click(await screen.findByRole('tab', { name: 'Kiosk devices' }));
  await screen.findByRole('heading', { name: 'Entries to resolve' });
  return { ...view, fake };
}

function rowOf(table: HTMLElement, text: string): HTMLElement {
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => candidate.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

describe('kiosks of a building', () => {
  it('lists each synced kiosk with its last contact, versions, counts, clock and alerts', async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    const { fake } = await kioskTab({
      devices: [
        kioskDeviceFixture({
          deviceId: lobbyKiosk,
          lastSeenAt: fiveMinutesAgo,
          appVersion: '1.4.0',
          configVersion: 'c0ffee4211',
          pendingCount: 3,
          rejectedCount: 1,
        }),
        kioskDeviceFixture({
          deviceId: gateKiosk,
          lastIp: null,
          appVersion: null,
          configVersion: null,
          clockSkewMs: 12 * 60_000,
          clockSkewFlagged: true,
          alerts: [
            { kind: 'CLOCK_SKEW', details: 'about 12 min', createdAt: '2026-03-02T10:30:00.000Z' },
            { kind: 'SEQ_GAP', details: 'seq 4 to 5 missing', createdAt: '2026-03-02T10:31:00.000Z' },
          ],
        }),
      ],
      rejected: [rejectedEntryFixture({ deviceId: lobbyKiosk })],
    });
    expect(fake.calls.of('GET /building/:id/devices').map((request) => request.params)).toContainEqual({
      id: fake.current().id,
    });

    const table = screen.getByRole('table', { name: 'Kiosks of this building: name, status and last contact' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Kiosk',
      'Status',
      'Last contact',
      'App version',
      'Configuration version',
      'Pending',
      'Rejected',
      'Clock',
      'Alerts',
      'Actions',
    ]);
    expect(screen.getAllByTestId('kiosk-device-row')).toHaveLength(2);

    const lobby = rowOf(table, '0190a8f2');
    expect(within(lobby).getByRole('rowheader')).toHaveTextContent('Front desk tablet0190a8f2Address 10.0.0.5');
    expect(within(lobby).getByText('5 minutes ago')).toBeInTheDocument();
    const cells = within(lobby)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toMatch(/^Enrolledsince 2026-03-01 /);
    expect(cells.slice(2, 8)).toEqual(['1.4.0', 'c0ffee42', '3', '1', 'On time', 'None']);

    const gate = rowOf(table, '0190a8f3');
    expect(within(gate).getByTestId('kiosk-device-skew')).toHaveTextContent('About 12 min behind');
    expect(within(gate).getAllByRole('cell')[2]).toHaveTextContent('Unknown');
    const alerts = within(within(gate).getByTestId('kiosk-device-alerts')).getAllByRole('listitem');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      expect.stringContaining('Clock off about 12 min on '),
      expect.stringContaining('Entries missing in the sequence seq 4 to 5 missing on '),
    ]);

    expect(await axeViolations()).toEqual([]);
  });

  it('shows a refused entry with the person, the kind of entry, the translated reason and the kiosk time', async () => {
    await kioskTab({
      devices: [kioskDeviceFixture({ rejectedCount: 2 })],
      rejected: [
        rejectedEntryFixture({ personName: 'Ada Lovelace', errorCode: 'CHECKEDIN' }),
        rejectedEntryFixture({
          mutationId: '0190a8f2-0000-7000-8000-0000000000e2',
          type: 'checkOut',
          personName: null,
          errorCode: 'CHECKOUT_VISIT_NOT_FOUND',
          occurredAt: '2026-03-02T11:00:00.000Z',
        }),
      ],
    });
    const table = screen.getByRole('table', { name: 'Refused kiosk entries not resolved yet' });
    const [ada, unnamed] = screen.getAllByTestId('kiosk-rejected-row');
    if (!ada || !unnamed) throw new Error('two rows expected');
    // The app's one formatter, with the default formats (the tester has none of their own).
    const occurred = dateTimeFormatter({}, 'en').dateTime('2026-03-02T10:20:00.000Z');
    expect(
      within(ada)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Ada Lovelace',
      'Check-in',
      'You are already checked in. Please check out first.',
      occurred,
      '0190a8f2',
      'Resolve',
    ]);
    expect(within(ada).getByRole('button', { name: 'Resolve the entry of Ada Lovelace' })).toBeEnabled();
    expect(within(unnamed).getAllByRole('cell')[0]).toHaveTextContent('—');
    expect(within(unnamed).getByText('Check-out')).toBeInTheDocument();
    expect(within(unnamed).getByText('This visit could not be found or is already checked out.')).toBeInTheDocument();
    expect(within(unnamed).getByRole('button', { name: /^Resolve the entry of 2026-03-02 / })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('resolves an entry: PATCH, then the refreshed list no longer shows it', async () => {
    const { user, fake } = await kioskTab({
      devices: [kioskDeviceFixture({ rejectedCount: 1 })],
      rejected: [rejectedEntryFixture({ personName: 'Ada Lovelace' })],
    });
    expect(fake.calls.of('GET /building/:id/devices')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Resolve the entry of Ada Lovelace' }));

    expect(await screen.findByText('Nothing to resolve.')).toBeInTheDocument();
    expect(fake.calls.of('PATCH /sync/rejected/:mutationId/resolve').map((request) => request.params)).toContainEqual({
      mutationId: rejectedEntryFixture().mutationId,
    });
    expect(fake.calls.of('GET /building/:id/devices')).toHaveLength(2);
    expect(screen.queryByTestId('kiosk-rejected-row')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The entry is resolved.');
    const row = screen.getByTestId('kiosk-device-row');
    expect(within(row).getAllByRole('cell')[5]).toHaveTextContent('0');
  });

  it('keeps the entry and shows the error when resolving fails', async () => {
    const { user, fake } = await kioskTab({ devices: [kioskDeviceFixture()], rejected: [rejectedEntryFixture()] });
    fake.calls.once(
      'PATCH /sync/rejected/:mutationId/resolve',
      json(404, { errorCode: 'NOT_FOUND', msg: 'Not found' }),
    );
    await user.click(screen.getByTestId('kiosk-rejected-resolve'));

    expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
    expect(screen.getByTestId('kiosk-rejected-row')).toBeInTheDocument();
    expect(fake.calls.of('GET /building/:id/devices')).toHaveLength(1);
  });

  it('says when no kiosk has synced and nothing is to resolve; Refresh asks the server again', async () => {
    const { user, fake } = await kioskTab();
    expect(
      screen.getByText('No kiosk yet. Enrol a tablet: it appears here with its last contact.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Nothing to resolve.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /Kiosks of this building/ })).not.toBeInTheDocument();

    fake.calls.once('GET /building/:id/devices', { devices: [kioskDeviceFixture()], rejected: [] });
    await user.click(screen.getByRole('button', { name: 'Refresh the kiosks and the entries to resolve' }));
    await waitFor(() => expect(screen.getAllByTestId('kiosk-device-row')).toHaveLength(1));
    expect(fake.calls.of('GET /building/:id/devices')).toHaveLength(2);
    expect(screen.queryByText(/^No kiosk yet/)).not.toBeInTheDocument();
  });

  it('enrols a tablet: a name, then a one-time code with its QR code, link and expiry', async () => {
    const { user, fake } = await kioskTab();
    await user.click(screen.getByRole('button', { name: 'Enrol a kiosk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enrol a kiosk' });
    await user.click(within(dialog).getByRole('button', { name: 'Create the code' }));
    expect(within(dialog).getByText('Give the kiosk a name.')).toBeInTheDocument();
    expect(fake.calls.of('POST /building/:id/devices/enrolments')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Kiosk name/ }), '  North door ');
    await user.click(within(dialog).getByRole('button', { name: 'Create the code' }));
    expect(await within(dialog).findByTestId('kiosk-enrolment-code')).toHaveTextContent('K7QM-3XHD-9TWA');
    expect(fake.calls.of('POST /building/:id/devices/enrolments')).toContainEqual(
      expect.objectContaining({ params: { id: fake.current().id }, body: { name: 'North door' } }),
    );
    expect(within(dialog).getByTestId('kiosk-enrolment-link')).toHaveTextContent(
      'https://vestibule.example/enrolKiosk/K7QM-3XHD-9TWA',
    );
    expect(
      await within(dialog).findByRole('img', { name: 'QR code of the enrolment link of North door' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(within(dialog).getByText(/^Works once, until /)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(fake.calls.of('GET /building/:id/devices')).toHaveLength(2));
  });

  it('revokes a kiosk after a confirmation that says what happens to its entries; renames one', async () => {
    const { user, fake } = await kioskTab({ devices: [kioskDeviceFixture()], rejected: [] });
    const row = screen.getByTestId('kiosk-device-row');
    await user.click(within(row).getByRole('button', { name: 'Revoke Front desk tablet' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this kiosk?' });
    expect(confirm).toHaveTextContent('whatever it sends from now on, whatever its date, waits below');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(screen.getByTestId('kiosk-device-status')).getByText('Revoked')).toBeVisible());
    expect(
      fake.calls.of('POST /building/:id/devices/:deviceId/revoke').map((request) => request.params),
    ).toContainEqual({
      id: fake.current().id,
      deviceId: kioskDeviceFixture().deviceId,
    });
    expect(within(screen.getByTestId('kiosk-device-row')).getByRole('button', { name: /^Revoke/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Rename Front desk tablet' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename the kiosk' });
    const field = within(rename).getByRole('textbox', { name: /Kiosk name/ });
    await user.clear(field);
    await user.type(field, 'Lobby, south');
    await user.click(within(rename).getByRole('button', { name: 'Save the name' }));
    expect(await screen.findByText('Lobby, south')).toBeInTheDocument();
    expect(fake.calls.of('PATCH /building/:id/devices/:deviceId')).toContainEqual(
      expect.objectContaining({
        params: { id: fake.current().id, deviceId: kioskDeviceFixture().deviceId },
        body: { name: 'Lobby, south' },
      }),
    );
  });

  it('counts the last contact back from the loading time, in the user’s language', async () => {
    expect(formatRelative('2026-03-02T10:25:00.000Z', Date.parse('2026-03-02T10:30:00.000Z'), 'fr')).toBe(
      'il y a 5 minutes',
    );
    expect(formatRelative('2026-03-02T08:30:00.000Z', Date.parse('2026-03-02T10:30:00.000Z'), 'es')).toBe(
      'hace 2 horas',
    );
    expect(formatRelative('2026-03-01T10:30:00.000Z', Date.parse('2026-03-02T10:30:00.000Z'), 'en')).toBe('yesterday');
  });
});
