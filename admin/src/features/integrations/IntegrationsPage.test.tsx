import { screen, waitFor, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookEndpoint } from '@vestibule/shared';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { answerCalls, refusal } from '../../test/answerCalls.ts';
import { renderScreen, storeSignIn } from '../../test/renderApp.tsx';
import { IntegrationsPage } from './IntegrationsPage.tsx';

// The Integrations screen's webhooks (docs/webhooks.md): endpoints added, changed, their secret
// replaced and shown once, removed with their deliveries; the delivery log follows below.

let sequence = 0;
const id = () => {
  sequence += 1;
  return `0190a8f2-0000-7000-8000-${String(sequence).padStart(12, '0')}`;
};

/** The webhook calls answered like the server: a new secret on each creation and replacement. */
function answerWebhooks(start: WebhookEndpoint[] = []) {
  let endpoints = start;
  let deliveries: WebhookDelivery[] = [];
  let secrets = 0;
  const secret = () => {
    secrets += 1;
    return `whsec_${String(secrets).repeat(8)}`;
  };
  const calls = answerCalls({
    'GET /webhooks': () => ({ endpoints }),
    'POST /webhooks': ({ body }) => {
      const endpoint: WebhookEndpoint = {
        id: id(),
        url: body.url,
        description: body.description ?? '',
        events: body.events,
        active: body.active ?? true,
        createdAt: '2026-11-29T09:00:00.000Z',
        createdBy: 'master',
        pending: 0,
        failedLastDay: 0,
      };
      endpoints = [...endpoints, endpoint];
      return { endpoint, secret: secret() };
    },
    'PATCH /webhooks/:id': ({ params, body }) => {
      endpoints = endpoints.map((endpoint) =>
        endpoint.id === params.id
          ? { ...endpoint, ...body, description: body.description ?? '', active: body.active ?? true }
          : endpoint,
      );
      return endpoints.find((endpoint) => endpoint.id === params.id)!;
    },
    'POST /webhooks/:id/secret': ({ params }) => ({
      endpoint: endpoints.find((endpoint) => endpoint.id === params.id)!,
      secret: secret(),
    }),
    'DELETE /webhooks/:id': ({ params }) => {
      endpoints = endpoints.filter((endpoint) => endpoint.id !== params.id);
      deliveries = deliveries.filter((delivery) => delivery.endpointId !== params.id);
      return { ok: true };
    },
    'GET /webhooks/deliveries': () => ({ docs: deliveries, totalDocs: deliveries.length, totalCapped: false }),
  });
  return {
    calls,
    /** A delivery the server made meanwhile, to the first endpoint. */
    deliver: () => {
      const [endpoint] = endpoints;
      if (!endpoint) throw new Error('No endpoint to deliver to');
      deliveries = [
        {
          id: id(),
          eventId: id(),
          endpointId: endpoint.id,
          url: endpoint.url,
          event: 'visit.checked_in',
          objectType: 'visit',
          objectId: '0190a8f2-aaaa-7000-8000-000000000001',
          createdAt: '2026-11-29T10:00:00.000Z',
          status: 'DELIVERED',
          attempts: [{ at: '2026-11-29T10:00:01.000Z', statusCode: 200, error: null, durationMs: 84 }],
          nextAttemptAt: null,
          deliveredAt: '2026-11-29T10:00:01.000Z',
        },
      ];
    },
  };
}

const rows = () =>
  within(screen.getByTestId('webhooks-table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

const EMPTY = /Webhooks tell your own systems at once when a visit, a person or a booking changes/;

describe('the integrations screen', () => {
  it('adds an endpoint after refusing what the server would, and shows its secret once with how to check it', async () => {
    storeSignIn({ username: 'master', role: 'ROLE_MASTER' });
    const { calls } = answerWebhooks();
    const { user } = renderScreen(<IntegrationsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Webhooks' });
    expect(await within(section).findByText(EMPTY)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Add an endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an endpoint' });
    const address = within(dialog).getByRole('textbox', { name: /^Address/ });
    expect(address).toHaveFocus();
    expect(address).toHaveAccessibleDescription(/must start with https:\/\//);
    await user.type(address, 'http://hooks.example.com/vestibule');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('A webhook’s address must start with https://.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event.')).toBeInTheDocument();
    await waitFor(() => expect(address).toHaveFocus());
    expect(calls.of('POST /webhooks')).toEqual([]);

    await user.clear(address);
    await user.type(address, 'https://hooks.example.com/vestibule');
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Our CRM');
    const visits = within(dialog).getByRole('group', { name: 'Visits' });
    await user.click(within(visits).getByRole('checkbox', { name: 'All the Visits events' }));
    expect(within(visits).getByRole('checkbox', { name: 'Visit checked in' })).toBeChecked();
    await user.click(within(visits).getByRole('checkbox', { name: 'Visit invited' }));
    expect(within(visits).getByRole('checkbox', { name: 'All the Visits events' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    const people = within(dialog).getByRole('group', { name: 'People' });
    await user.click(within(people).getByRole('checkbox', { name: 'Person deactivated' }));
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(calls.last('POST /webhooks').body).toEqual({
      url: 'https://hooks.example.com/vestibule',
      description: 'Our CRM',
      events: ['visit.checked_in', 'visit.refused', 'visit.checked_out', 'visit.cancelled', 'person.deactivated'],
      active: true,
    });
    const value = within(secret).getByRole('textbox', { name: 'Signing secret' });
    expect(value).toHaveValue('whsec_11111111');
    expect(value).toHaveFocus();
    expect(value).toHaveAccessibleDescription('It will not be shown again. If it is lost, replace it.');
    expect(secret).toHaveTextContent(
      'Each delivery carries the header vestibule-signature: t=<timestamp>,v1=<signature>',
    );
    expect(secret).toHaveTextContent('HMAC-SHA256');
    expect(secret).toHaveTextContent('("timestamp.body")');
    await user.click(within(secret).getByRole('button', { name: 'Copy the signing secret' }));
    expect(await navigator.clipboard.readText()).toBe('whsec_11111111');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(secret).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await waitFor(() =>
      expect(rows()).toEqual([
        'https://hooks.example.com/vestibuleOur CRM' +
          'Visit checked in, Visit refused, Visit checked out, Visit cancelled, Person deactivated' +
          'ActiveNone pending or failed',
      ]),
    );
  });

  it('leaves plain HTTP to this machine to the server, and puts its refusal on the field', async () => {
    storeSignIn({ username: 'admin', role: 'ROLE_ADMIN' });
    const { calls } = answerWebhooks();
    calls.once('POST /webhooks', refusal(400, 'WEBHOOK_URL_NOT_ALLOWED'));
    const { user } = renderScreen(<IntegrationsPage />);
    await user.click(await screen.findByRole('button', { name: 'Add an endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an endpoint' });
    const address = within(dialog).getByRole('textbox', { name: /^Address/ });
    // A local receiver is allowed where the server is set to allow it: only the server knows.
    await user.type(address, 'http://localhost:4000/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: 'All the Bookings events' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A webhook’s address must start with https://.')).toBeInTheDocument();
    await waitFor(() => expect(address).toHaveFocus());
    expect(address).toBeInvalid();
    expect(calls.last('POST /webhooks').body).toMatchObject({ url: 'http://localhost:4000/hook' });
    expect(screen.queryByRole('dialog', { name: 'Signing secret' })).not.toBeInTheDocument();
  });

  it('pauses an endpoint, replaces its secret after a question, and removes it with its deliveries', async () => {
    storeSignIn({ username: 'master', role: 'ROLE_MASTER' });
    const endpoint: WebhookEndpoint = {
      id: id(),
      url: 'https://erp.example.com/in',
      description: '',
      events: ['booking.created', 'booking.approved'],
      active: true,
      createdAt: '2026-11-28T09:00:00.000Z',
      createdBy: 'master',
      pending: 2,
      failedLastDay: 3,
    };
    const server = answerWebhooks([endpoint]);
    server.deliver();
    const { calls } = server;
    const { user } = renderScreen(<IntegrationsPage />);
    await waitFor(() =>
      expect(rows()).toEqual([
        'https://erp.example.com/inBooking made, Booking approvedActivePending: 2Failed in the last day: 3',
      ]),
    );
    const log = screen.getByRole('region', { name: 'Webhook deliveries' });
    expect(
      await within(log).findByRole('button', { name: 'Attempts of Visit checked in to https://erp.example.com/in' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit https://erp.example.com/in' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit the endpoint' });
    expect(within(dialog).getByRole('checkbox', { name: 'All the Bookings events' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    const active = within(dialog).getByRole('switch', { name: 'Active' });
    expect(active).toHaveAccessibleDescription('A paused endpoint is sent nothing until it is made active again.');
    await user.click(active);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.last('PATCH /webhooks/:id').body).toEqual({
      url: 'https://erp.example.com/in',
      description: '',
      events: ['booking.created', 'booking.approved'],
      active: false,
    });
    await waitFor(() => expect(rows()[0]).toContain('Booking approvedPaused'));
    expect(screen.queryByRole('dialog', { name: 'Signing secret' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Replace the secret of https://erp.example.com/in' }));
    dialog = await screen.findByRole('dialog', { name: 'Replace the signing secret' });
    expect(dialog).toHaveTextContent('the receiver must use it at once');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByRole('textbox', { name: 'Signing secret' })).toHaveValue('whsec_11111111');
    expect(calls.of('POST /webhooks/:id/secret')).toHaveLength(1);
    await user.click(within(secret).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Remove https://erp.example.com/in' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove the endpoint' });
    expect(dialog).toHaveTextContent('its deliveries go too, with their log');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(EMPTY)).toBeInTheDocument();
    expect(calls.of('DELETE /webhooks/:id')).toHaveLength(1);
    expect(await within(log).findByText('No delivery matches.')).toBeInTheDocument();
  });
});
