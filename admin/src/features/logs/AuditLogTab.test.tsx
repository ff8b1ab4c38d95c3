import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders.tsx';
import { storageKeys } from '../../storage/storageKeys.ts';
import { createTestSession } from '../../test/renderApp.tsx';
import { NotificationBanners } from '../notifications/index.ts';
import { LogsPage } from './LogsPage.tsx';
import { answerAuditLog, auditEntry } from './testing/auditAnswers.ts';

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}

const acting = auditEntry({
  id: '0190a8f2-0000-7000-8000-00000000a002',
  at: '2026-03-05T15:30:00.000Z',
  actorId: '0190a8f2-0000-7000-8000-0000000000ad',
  actorUsername: 'admin',
  actingAsId: '0190a8f2-0000-7000-8000-0000000000aa',
  actingAsUsername: 'corporate',
  action: 'QUESTIONNAIRE_CREATED',
  entity: 'questionnaire',
  before: null,
  after: { name: 'Site safety', description: null },
});
const renamed = auditEntry();
const unknownSignIn = auditEntry({
  id: '0190a8f2-0000-7000-8000-00000000a003',
  at: '2026-03-05T16:00:00.000Z',
  actorId: null,
  actorUsername: null,
  tenantId: null,
  action: 'LOGIN_FAILED',
  entity: 'session',
  entityId: null,
  before: null,
  after: { unknownUsername: true },
});

function renderLogs(rows = [acting, renamed], total = 42) {
  // An administrator who writes dates day first, with a 24-hour clock.
  localStorage.setItem(
    storageKeys.user,
    JSON.stringify({ username: 'admin', role: 'ROLE_ADMIN', dateFormat: 'dd/MM/yyyy', timeFormat: 'HH:mm' }),
  );
  localStorage.setItem(storageKeys.token, 'token-of-admin');
  const calls = answerAuditLog(rows, total);
  const user = userEvent.setup();
  render(
    <AppProviders session={createTestSession()} testEnvironment>
      <NotificationBanners />
      <main>
        <LogsPage />
      </main>
    </AppProviders>,
  );
  return { calls, user };
}

/** A moment written the way this user writes it, in the browser's time zone. */
function written(iso: string): string {
  const moment = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(moment.getDate())}/${two(moment.getMonth() + 1)}/${moment.getFullYear()} ${two(moment.getHours())}:${two(moment.getMinutes())}`;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

// jsdom has no object URLs: the download test lends them, and they go back afterwards.
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('the Logs screen', () => {
  it('says a failed sign-in under no account was for an unknown username, never what was typed', async () => {
    renderLogs([unknownSignIn], 1);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, row] = within(table).getAllByRole('row');
    expect(cellsOf(row as HTMLElement).slice(1, 5)).toEqual(['Unknown username', '', 'Sign-in failed', 'Sign-in']);
  });

  it('opens on the audit log: newest first, who, as whom, what in words, when in their formats, from where', async () => {
    const { calls } = renderLogs();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(screen.getByRole('heading', { level: 1, name: 'Logs' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Audit log' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Mailbox' })).toHaveAttribute('aria-selected', 'false');
    const created = await within(table).findByRole('button', { name: 'Questionnaire added' });
    // The code stays at hand for support people.
    expect(created).toHaveAttribute('title', 'QUESTIONNAIRE_CREATED');

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['When', 'Who', 'Acting as', 'Action', 'Entity', 'Client address']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(cellsOf(first as HTMLElement)).toEqual([
      written(acting.at),
      'admin',
      'corporate',
      'Questionnaire added',
      'Questionnaire',
      '203.0.113.7',
    ]);
    expect(cellsOf(second as HTMLElement)).toEqual([
      written(renamed.at),
      'corporate',
      '',
      'Building changed',
      'Building',
      '203.0.113.7',
    ]);
    // No filter: the query names the page only.
    expect(calls.of('GET /auditLog').map((request) => request.query)).toContainEqual({ page: '1', limit: '10' });
    expect(screen.getByTestId('audit-range')).toHaveTextContent('1–10 of 42');
    expect(await violations()).toEqual([]);
  });

  it("names the channel that acted when no user did: the visitor's device, a kiosk by its name, the automatic rule", async () => {
    const channelRow = (id: string, changes: Parameters<typeof auditEntry>[0]) =>
      auditEntry({ id, actorId: null, actorUsername: null, entity: 'visit', before: null, after: null, ...changes });
    renderLogs([
      channelRow('0190a8f2-0000-7000-8000-00000000a101', { actorChannel: 'OWN_DEVICE', action: 'MEETING_RESCHEDULED' }),
      channelRow('0190a8f2-0000-7000-8000-00000000a102', {
        actorChannel: 'KIOSK',
        actorDeviceId: '0190a8f2-0000-7000-8000-0000000000d1',
        actorDeviceName: 'Lobby tablet',
        action: 'MEETING_CHECKED_IN',
      }),
      channelRow('0190a8f2-0000-7000-8000-00000000a103', {
        actorChannel: 'AUTOMATIC',
        clientIp: null,
        action: 'MEETING_CHECKED_OUT',
      }),
      channelRow('0190a8f2-0000-7000-8000-00000000a104', { actorChannel: 'OWN_DEVICE', action: 'MEETING_PROLONGED' }),
      channelRow('0190a8f2-0000-7000-8000-00000000a105', { actorChannel: 'OWN_DEVICE', action: 'MEETING_REGISTERED' }),
    ]);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByRole('button', { name: 'Visit moved to another time' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => cellsOf(row as HTMLElement).slice(1, 4));
    expect(rows).toEqual([
      ["Visitor's own device", '', 'Visit moved to another time'],
      ['KioskLobby tablet', '', 'Checked in'],
      ['Automatic check-out rule', '', 'Checked out'],
      ["Visitor's own device", '', 'Visit made longer'],
      ["Visitor's own device", '', 'Visit registered by the visitor'],
    ]);
    expect(await violations()).toEqual([]);
  });

  it('opens a row, by keyboard too, to show the fields before and after as lists', async () => {
    const forms = auditEntry({
      id: '0190a8f2-0000-7000-8000-00000000a003',
      action: 'BUILDING_CHECK_IN_FORMS_UPDATED',
      before: { visitorCheckInForm: { licencePlate: { enabled: false } } },
      after: { visitorCheckInForm: { licencePlate: { enabled: true } } },
    });
    const { user } = renderLogs([renamed, forms]);
    const action = await screen.findByRole('button', { name: 'Building changed' });
    expect(action).toHaveAttribute('aria-expanded', 'false');
    action.focus();
    await user.keyboard('{Enter}');
    expect(action).toHaveAttribute('aria-expanded', 'true');

    const details = document.getElementById(action.getAttribute('aria-controls') ?? '');
    if (!details) throw new Error('the details row is not there');
    const pairs = (region: HTMLElement) =>
      within(region)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(pairs(within(details).getByRole('region', { name: 'Before' }))).toEqual([
      ['name', 'Head office'],
      ['pinCode', '[hidden]'],
    ]);
    expect(pairs(within(details).getByRole('region', { name: 'After' }))).toEqual([
      ['name', 'Main office'],
      ['pinCode', '[hidden]'],
    ]);
    // Above the change: the action's code (for support people), the row and the company.
    expect(pairs(details).slice(0, 3)).toEqual([
      ['Action code', 'BUILDING_UPDATED'],
      ['Entity id', renamed.entityId],
      ['Company id', renamed.tenantId],
    ]);
    expect(await violations()).toEqual([]);

    // Nested fields get dotted names; yes and no in words.
    await user.click(screen.getByRole('button', { name: 'Check-in forms changed' }));
    expect(action).toHaveAttribute('aria-expanded', 'false');
    const after = await screen.findByRole('region', { name: 'After' });
    expect(pairs(after)).toEqual([['visitorCheckInForm.licencePlate.enabled', 'Yes']]);
    expect(pairs(screen.getByRole('region', { name: 'Before' }))).toEqual([
      ['visitorCheckInForm.licencePlate.enabled', 'No'],
    ]);
  });

  it('filters by days, user, action (found by its words or its code) and entity, each from the first page again', async () => {
    const { calls, user } = renderLogs();
    await screen.findByRole('button', { name: 'Questionnaire added' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(calls.last('GET /auditLog').query).toEqual(expect.objectContaining({ page: '2' })));

    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-05');
    await user.type(screen.getByRole('searchbox', { name: 'User' }), 'corp');
    const actionFilter = screen.getByRole('textbox', { name: 'Action' });
    const options = () =>
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    await user.click(actionFilter);
    await user.type(actionFilter, 'camera');
    await waitFor(() => expect(options()).toEqual(['Camera added', 'Camera changed', 'Camera deleted']));
    await user.clear(actionFilter);
    await user.type(actionFilter, 'CAMERA_DEL');
    await waitFor(() => expect(options()).toEqual(['Camera deleted']));
    await user.click(screen.getByRole('option', { name: 'Camera deleted' }));
    expect(actionFilter).toHaveValue('Camera deleted');
    await user.click(screen.getByRole('textbox', { name: 'Entity' }));
    await user.click(await screen.findByRole('option', { name: 'Camera' }));

    // Whole days of the user's calendar: from the start of the first to the start of the day after the last.
    await waitFor(() =>
      expect(calls.last('GET /auditLog').query).toEqual({
        from: new Date(2026, 2, 1).toISOString(),
        to: new Date(2026, 2, 6).toISOString(),
        user: 'corp',
        action: 'CAMERA_DELETED',
        entity: 'camera',
        page: '1',
        limit: '10',
      }),
    );
  });

  it('downloads the filtered log as audit.csv', async () => {
    const { calls, user } = renderLogs();
    const saved: { name: string; blob: Blob }[] = [];
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((file: Blob) => {
      blob = file;
      return 'blob:audit';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (blob) saved.push({ name: this.download, blob });
    });
    await screen.findByRole('button', { name: 'Questionnaire added' });
    await user.click(screen.getByRole('textbox', { name: 'Entity' }));
    await user.click(await screen.findByRole('option', { name: 'Sign-in' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    // Only the filter chosen, and no page.
    expect(calls.last('GET /auditLog/audit.csv').query).toEqual({ entity: 'session' });
    const [file] = saved;
    if (!file) throw new Error('no file saved');
    expect(file.name).toBe('audit.csv');
    expect(await file.blob.text()).toContain('2026-03-05T14:07:00.000Z,corporate');
  });

  it('shows an action it has no words for (an older row) by its code', async () => {
    renderLogs([auditEntry({ action: 'VISIT_ARCHIVED', entity: 'visit' })]);
    const action = await screen.findByRole('button', { name: 'VISIT_ARCHIVED' });
    const row = action.closest('tr');
    if (!row) throw new Error('the action is not in a row');
    expect(cellsOf(row)).toEqual([written(renamed.at), 'corporate', '', 'VISIT_ARCHIVED', 'Visit', '203.0.113.7']);
  });

  it('says so when no entry matches', async () => {
    renderLogs([], 0);
    expect(await screen.findByRole('cell', { name: 'No entries match.' })).toBeInTheDocument();
  });
});
