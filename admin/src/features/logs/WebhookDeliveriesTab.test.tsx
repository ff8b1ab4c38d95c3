import { screen, waitFor, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookEndpoint } from '@vestibule/shared';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { answerCalls } from '../../test/answerCalls.ts';
import { renderScreen, storeSignIn } from '../../test/renderApp.tsx';
import { storageKeys } from '../../storage/storageKeys.ts';
import { LogsPage } from './LogsPage.tsx';

// The Logs screen's webhook deliveries (docs/webhooks.md): the selected company's log, newest
// first, filtered by endpoint and state, paged, each delivery's attempts opened and sent again.

const CRM = '0190a8f2-0000-7000-8000-0000000000a1';
const ERP = '0190a8f2-0000-7000-8000-0000000000a2';
const endpoint = (id: string, url: string): WebhookEndpoint => ({
  id,
  url,
  description: '',
  events: ['visit.checked_in'],
  active: true,
  createdAt: '2026-11-28T09:00:00.000Z',
  createdBy: 'admin',
  pending: 0,
  failedLastDay: 0,
});
const endpoints = [endpoint(CRM, 'https://crm.example.com/hook'), endpoint(ERP, 'https://erp.example.com/in')];

function delivery(n: number, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  const suffix = String(n).padStart(12, '0');
  return {
    id: `0190a8f2-0000-7000-8000-${suffix}`,
    eventId: `0190a8f2-0000-7000-9000-${suffix}`,
    endpointId: CRM,
    url: 'https://crm.example.com/hook',
    event: 'visit.checked_in',
    objectType: 'visit',
    objectId: `0190a8f2-bbbb-7000-8000-${suffix}`,
    createdAt: `2026-11-29T10:${String(59 - n).padStart(2, '0')}:00.000Z`,
    status: 'DELIVERED',
    attempts: [{ at: '2026-11-29T10:00:01.000Z', statusCode: 200, error: null, durationMs: 84 }],
    nextAttemptAt: null,
    deliveredAt: '2026-11-29T10:00:01.000Z',
    ...overrides,
  };
}

const failed = delivery(0, {
  endpointId: ERP,
  url: 'https://erp.example.com/in',
  event: 'booking.approved',
  objectType: 'booking',
  objectId: '5f0c2a9e-0000-7000-8000-000000000001',
  status: 'FAILED',
  attempts: [
    { at: '2026-11-29T10:59:01.000Z', statusCode: 500, error: null, durationMs: 120 },
    { at: '2026-11-29T11:00:01.000Z', statusCode: null, error: 'connect ECONNREFUSED', durationMs: 3 },
  ],
  deliveredAt: null,
});
/** The log as the server keeps it, newest first: one failure, then eleven delivered. */
const log = [failed, ...Array.from({ length: 11 }, (_, index) => delivery(index + 1))];

function answerDeliveries() {
  let docs = log;
  return answerCalls({
    'GET /auditLog': () => ({ docs: [], totalDocs: 0 }),
    'GET /webhooks': () => ({ endpoints }),
    'GET /webhooks/deliveries': ({ query }) => {
      const matching = docs.filter(
        (row) =>
          (!query.endpointId || row.endpointId === query.endpointId) && (!query.status || row.status === query.status),
      );
      const page = Number(query.page ?? 1);
      const limit = Number(query.limit ?? 10);
      return {
        docs: matching.slice((page - 1) * limit, page * limit),
        totalDocs: matching.length,
        totalCapped: false,
      };
    },
    'POST /webhooks/deliveries/:id/redeliver': ({ params }) => {
      docs = docs.map((row) => (row.id === params.id ? { ...row, status: 'PENDING', nextAttemptAt: null } : row));
      return docs.find((row) => row.id === params.id)!;
    },
  });
}

const table = () => screen.getByRole('table', { name: 'Webhook deliveries' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the webhook deliveries log', () => {
  it('lists, filters and pages the deliveries, opens one’s attempts and sends it again', async () => {
    storeSignIn({ username: 'admin', role: 'ROLE_ADMIN', dateFormat: 'dd/MM/yyyy', timeFormat: 'HH:mm' });
    const calls = answerDeliveries();
    const { user } = renderScreen(<LogsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Webhook deliveries' }));

    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    const [first] = bodyRows();
    expect(cells(first!).slice(1)).toEqual([
      'Booking approved',
      'Booking 5f0c2a9e',
      'https://erp.example.com/in',
      'Failed',
      '2',
      'Send again',
    ]);
    expect(calls.last('GET /webhooks/deliveries').query).toEqual({ page: '1', limit: '10' });
    expect(screen.getByTestId('webhook-deliveries-range')).toHaveTextContent('1–10 of 12');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(calls.last('GET /webhooks/deliveries').query).toEqual({ page: '2', limit: '10' });

    await user.click(screen.getByRole('textbox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(calls.last('GET /webhooks/deliveries').query).toEqual({ status: 'FAILED', page: '1', limit: '10' });
    await user.click(screen.getByRole('textbox', { name: 'Endpoint' }));
    await user.click(await screen.findByRole('option', { name: 'https://crm.example.com/hook' }));
    expect(await screen.findByText('No delivery matches.')).toBeInTheDocument();
    expect(calls.last('GET /webhooks/deliveries').query).toEqual({
      endpointId: CRM,
      status: 'FAILED',
      page: '1',
      limit: '10',
    });
    await user.click(screen.getByRole('textbox', { name: 'Endpoint' }));
    await user.click(await screen.findByRole('option', { name: 'https://erp.example.com/in' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));

    const toggle = screen.getByRole('button', { name: 'Attempts of Booking approved to https://erp.example.com/in' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const attempts = within(screen.getByTestId('webhook-attempts'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => cells(row).slice(1));
    expect(attempts).toEqual([
      ['HTTP 500', '120 ms'],
      ['No answer · connect ECONNREFUSED', '3 ms'],
    ]);
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Send Booking approved to https://erp.example.com/in again' }));
    await waitFor(() => expect(cells(bodyRows()[0]!)[4]).toBe('Pending'));
    expect(calls.of('POST /webhooks/deliveries/:id/redeliver').map((request) => request.params)).toEqual([
      { id: failed.id },
    ]);
    expect(await screen.findByText('The delivery is being sent again.')).toBeInTheDocument();
  });

  it('asks for a company before showing an administrator any delivery', async () => {
    storeSignIn({ username: 'admin', role: 'ROLE_ADMIN' });
    localStorage.removeItem(storageKeys.tenant);
    const calls = answerDeliveries();
    const { user } = renderScreen(<LogsPage />);
    await user.click(await screen.findByRole('tab', { name: 'Webhook deliveries' }));
    expect(await screen.findByText('Choose a company to see its webhook deliveries.')).toBeInTheDocument();
    expect(calls.of('GET /webhooks/deliveries')).toEqual([]);
  });
});
