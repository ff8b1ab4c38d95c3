import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import {
  type History,
  type JobRun,
  type KioskSyncRow,
  historySchema,
  jobRunPageSchema,
  kioskSyncReportSchema,
} from '@vestibule/shared';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders.tsx';
import { storageKeys } from '../../storage/storageKeys.ts';
import { type Answers, answerCalls, refusal } from '../../test/answerCalls.ts';
import { createTestSession } from '../../test/renderApp.tsx';
import { NotificationBanners } from '../notifications/index.ts';
import { LogsPage } from './LogsPage.tsx';
import { auditEntry } from './testing/auditAnswers.ts';

// The Logs screen's operations tabs: the jobs' runs, the kiosks' sync figures, the e-mail
// delivery log's filters, and the history of one object, typed in or opened from a row.

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}

const VISIT = '0190a8f2-0000-7000-8000-0000000000f1';
const DEVICE = '0190a8f2-0000-7000-8000-0000000000d1';
const BUILDING = '0190a8f2-0000-7000-8000-0000000000b1';

function jobRun(overrides: Partial<JobRun> = {}): JobRun {
  return {
    id: '0190a8f2-0000-7000-8000-00000000c001',
    job: 'auto check-out and reminders',
    startedAt: '2026-03-05T14:07:00.000Z',
    finishedAt: '2026-03-05T14:07:00.120Z',
    durationMs: 120,
    rowsAffected: 3,
    error: null,
    instance: 'web-1:42',
    ...overrides,
  };
}

const failedRun = jobRun({
  id: '0190a8f2-0000-7000-8000-00000000c002',
  job: 'mail sender',
  durationMs: 5000,
  rowsAffected: 0,
  error: 'connect ECONNREFUSED',
});

const lobbyKiosk: KioskSyncRow = {
  deviceId: DEVICE,
  name: 'Lobby tablet',
  buildingId: BUILDING,
  buildingName: 'Head office',
  pushes: 4,
  applied: 10,
  rejected: 3,
  rejectedCodes: [
    { code: 'CHECKOUT_VISIT_NOT_FOUND', count: 1 },
    { code: 'VALIDATION_FAILED', count: 2 },
  ],
  held: 1,
  lastSeenAt: '2026-03-05T15:00:00.000Z',
  revokedAt: null,
};

const visitHistory: History = {
  type: 'visit',
  id: VISIT,
  truncated: false,
  items: [
    {
      kind: 'audit',
      at: '2026-03-05T14:00:00.000Z',
      audit: auditEntry({ action: 'MEETING_CREATED', entity: 'visit', entityId: VISIT, actorUsername: 'desk' }),
    },
    { kind: 'job', at: '2026-03-05T14:00:05.000Z', job: 'invitationSent' },
    {
      kind: 'mail',
      at: '2026-03-05T14:00:05.000Z',
      mail: {
        id: '0190a8f2-0000-7000-8000-00000000e001',
        to: 'vera@example.test',
        subject: 'Your visit to Head office',
        status: 'FAILED',
        attempts: 5,
        lastError: '550 mailbox unavailable',
        sentAt: null,
      },
    },
    {
      kind: 'sync',
      at: '2026-03-05T16:00:00.000Z',
      sync: {
        deviceId: DEVICE,
        mutationId: '0190a8f2-0000-7000-8000-00000000e101',
        type: 'checkOut',
        outcome: 'rejected',
        errorCode: 'CHECKOUT_VISIT_NOT_FOUND',
        review: null,
        occurredAt: '2026-03-05T15:59:00.000Z',
        visitId: VISIT,
      },
    },
  ],
};

function renderLogs(answers: Answers) {
  localStorage.setItem(
    storageKeys.user,
    JSON.stringify({ username: 'admin', role: 'ROLE_ADMIN', dateFormat: 'dd/MM/yyyy', timeFormat: 'HH:mm' }),
  );
  localStorage.setItem(storageKeys.token, 'token-of-admin');
  const calls = answerCalls({
    'GET /auditLog': () => ({ docs: [], totalDocs: 0 }),
    ...answers,
  });
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

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the Job runs tab', () => {
  it('lists the runs newest first with their time, rows, error and instance, and filters failures and names', async () => {
    const { calls, user } = renderLogs({
      'GET /jobRuns': () => jobRunPageSchema.parse({ docs: [failedRun, jobRun()], totalDocs: 2 }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Job runs' }));
    const table = await screen.findByRole('table', { name: 'Job runs' });
    await within(table).findByText('mail sender');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Started', 'Job', 'Duration (ms)', 'Rows', 'Error', 'Instance']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(cellsOf(first as HTMLElement).slice(1)).toEqual([
      'mail sender',
      '5000',
      '0',
      'connect ECONNREFUSED',
      'web-1:42',
    ]);
    expect(cellsOf(second as HTMLElement).slice(1)).toEqual([
      'auto check-out and reminders',
      '120',
      '3',
      'OK',
      'web-1:42',
    ]);
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'Failures only' }));
    await user.type(screen.getByRole('searchbox', { name: 'Job' }), 'mail');
    await waitFor(() =>
      expect(calls.last('GET /jobRuns').query).toEqual({ failed: 'true', job: 'mail', page: '1', limit: '10' }),
    );
  });

  it('says so when no run matches', async () => {
    const { user } = renderLogs({ 'GET /jobRuns': () => ({ docs: [], totalDocs: 0 }) });
    await user.click(await screen.findByRole('tab', { name: 'Job runs' }));
    expect(await screen.findByText('No run matches.')).toBeInTheDocument();
  });
});

describe('the Kiosk sync tab', () => {
  it("shows each kiosk's pushes, entries and rejection codes, filters by building, and opens a kiosk's history", async () => {
    const { calls, user } = renderLogs({
      'GET /kioskSync': () => kioskSyncReportSchema.parse({ docs: [lobbyKiosk] }),
      'GET /logs/:type/:id': () =>
        historySchema.parse({
          type: 'kiosk',
          id: DEVICE,
          truncated: false,
          items: [
            {
              kind: 'audit',
              at: '2026-03-01T09:00:00.000Z',
              audit: auditEntry({ action: 'KIOSK_ENROLLED', entity: 'device', entityId: DEVICE }),
            },
          ],
        }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Kiosk sync' }));
    const table = await screen.findByRole('table', { name: 'Kiosk sync' });
    await within(table).findByText('Lobby tablet');
    const [, row] = within(table).getAllByRole('row');
    expect(cellsOf(row as HTMLElement).slice(0, 7)).toEqual([
      'Head office',
      `Lobby tablet${DEVICE}`,
      '4',
      '10',
      '3',
      'CHECKOUT_VISIT_NOT_FOUND ×1, VALIDATION_FAILED ×2',
      '1',
    ]);
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('textbox', { name: 'Building' }));
    await user.click(await screen.findByRole('option', { name: 'Head office' }));
    await waitFor(() => expect(calls.last('GET /kioskSync').query).toEqual({ buildingId: BUILDING }));

    await user.click(screen.getByRole('button', { name: 'History of Lobby tablet' }));
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    const history = await screen.findByRole('table', { name: 'History' });
    expect(await within(history).findByText('Kiosk enrolled')).toBeInTheDocument();
    expect(calls.last('GET /logs/:type/:id').params).toEqual({ type: 'kiosk', id: DEVICE });
  });
});

describe('the History tab', () => {
  it("shows one visit's audit rows, e-mails with their delivery state, kiosk entries and jobs in words, oldest first", async () => {
    const { calls, user } = renderLogs({ 'GET /logs/:type/:id': () => historySchema.parse(visitHistory) });
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    // A malformed id is refused before any call.
    await user.type(screen.getByRole('textbox', { name: 'Id' }), 'not-an-id');
    await user.click(screen.getByRole('button', { name: 'Show history' }));
    expect(await screen.findByText('Enter the id of the object (a UUID).')).toBeInTheDocument();
    expect(calls.of('GET /logs/:type/:id')).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: 'Id' }));
    await user.type(screen.getByRole('textbox', { name: 'Id' }), VISIT);
    await user.keyboard('{Enter}');
    const table = await screen.findByRole('table', { name: 'History' });
    await within(table).findByText('Invitation sent');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => cellsOf(row as HTMLElement).slice(1));
    expect(rows).toEqual([
      ['Audit', 'Visitor invited', 'desk'],
      ['Job', 'Invitation sent', ''],
      [
        'E-mail',
        'To vera@example.test: Your visit to Head office',
        'Failed · Attempts: 5 · SMTP answer: 550 mailbox unavailable',
      ],
      ['Kiosk entry', `Check-out from kiosk ${DEVICE}: rejected`, 'CHECKOUT_VISIT_NOT_FOUND'],
    ]);
    expect(calls.last('GET /logs/:type/:id').params).toEqual({ type: 'visit', id: VISIT });
    expect(await violations()).toEqual([]);
  });

  it('opens on the history a link names', async () => {
    window.history.replaceState(null, '', `/admin/logs?history=visit:${VISIT}`);
    try {
      const { calls } = renderLogs({ 'GET /logs/:type/:id': () => historySchema.parse(visitHistory) });
      expect(await screen.findByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
      const table = await screen.findByRole('table', { name: 'History' });
      expect(await within(table).findByText('Invitation sent')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Id' })).toHaveValue(VISIT);
      expect(calls.last('GET /logs/:type/:id').params).toEqual({ type: 'visit', id: VISIT });
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it("says so when the object is not the company's", async () => {
    const { user } = renderLogs({ 'GET /logs/:type/:id': () => refusal(404, 'NOT_FOUND') });
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    await user.type(screen.getByRole('textbox', { name: 'Id' }), VISIT);
    await user.click(screen.getByRole('button', { name: 'Show history' }));
    expect(await screen.findByText('No such object in this company.')).toBeInTheDocument();
  });
});

describe('the Mailbox tab, the e-mail delivery log', () => {
  it('shows attempts, filters by state and recipient, and opens the history of the visit an e-mail is about', async () => {
    const { calls, user } = renderLogs({
      'GET /mailbox': () => ({
        docs: [
          {
            id: '0190a8f2-0000-7000-8000-00000000e001',
            to: 'vera@example.test',
            locale: 'en',
            subject: 'Your visit to Head office',
            text: 'Welcome',
            status: 'FAILED',
            attempts: 5,
            lastError: '550 mailbox unavailable',
            createdAt: '2026-03-05T14:00:05.000Z',
            sentAt: null,
            entity: 'visit',
            entityId: VISIT,
            channel: 'EMAIL',
            channelTo: null,
            providerStatus: null,
            providerAnswer: null,
          },
          {
            id: '0190a8f2-0000-7000-8000-00000000e002',
            to: 'hal@example.test',
            locale: 'en',
            subject: 'Vera Lang has arrived at Head office',
            text: 'Vera Lang checked in',
            status: 'PENDING',
            attempts: 1,
            lastError: 'HTTP 500',
            createdAt: '2026-03-05T14:00:04.000Z',
            sentAt: null,
            entity: 'visit',
            entityId: VISIT,
            channel: 'SMS',
            channelTo: '+33612345678',
            providerStatus: 500,
            providerAnswer: 'upstream busy',
          },
        ],
        totalDocs: 2,
      }),
      'GET /logs/:type/:id': () => historySchema.parse(visitHistory),
    });
    await user.click(await screen.findByRole('tab', { name: 'Mailbox' }));
    const table = await screen.findByRole('table', { name: 'Mailbox' });
    const [, row, sms] = await within(table).findAllByRole('row');
    expect(cellsOf(row as HTMLElement).slice(1, 6)).toEqual([
      'E-mail',
      'vera@example.test',
      'Your visit to Head office',
      'Failed',
      '5',
    ]);
    // A host's SMS: its channel, its number, and the provider's answer once opened.
    expect(cellsOf(sms as HTMLElement).slice(1, 6)).toEqual([
      'SMS',
      '+33612345678',
      'Vera Lang has arrived at Head office',
      'Waiting',
      '1',
    ]);
    await user.click(within(table).getByRole('button', { name: 'Vera Lang has arrived at Head office' }));
    expect(await screen.findByTestId('provider-answer')).toHaveTextContent('Provider’s answer: HTTP 500 upstream busy');
    await user.click(within(table).getByRole('button', { name: 'Your visit to Head office' }));
    expect(await screen.findByText('Attempts: 5. Last error: 550 mailbox unavailable')).toBeInTheDocument();

    await user.click(screen.getByRole('textbox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await user.type(screen.getByRole('searchbox', { name: 'Recipient' }), 'vera');
    await waitFor(() =>
      expect(calls.last('GET /mailbox').query).toEqual({ status: 'FAILED', recipient: 'vera', page: '1', limit: '10' }),
    );
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'History of Your visit to Head office' }));
    expect(await screen.findByRole('table', { name: 'History' })).toBeInTheDocument();
    expect(calls.last('GET /logs/:type/:id').params).toEqual({ type: 'visit', id: VISIT });
  });
});
