import { screen, waitFor, within } from '@testing-library/react';
import type { ApiToken, WebhookDelivery, WebhookEndpoint } from '@vestibule/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { answerCalls, refusal } from '../../test/answerCalls.ts';
import { renderScreen, storeSignIn } from '../../test/renderApp.tsx';
import { IntegrationsPage } from './IntegrationsPage.tsx';

// The Integrations screen's webhooks (docs/webhooks.md): endpoints added, changed, their secret
// replaced and shown once, removed with their deliveries; the delivery log follows below. Its API
// tokens (docs/api-tokens.md): listed with their state, made and shown once, revoked.

/** The screen's other cards, answered empty: single sign-on not set up, no host channel. */
const otherCards = {
  'GET /ssoProvider': () => ({
    provider: null,
    redirectUri: 'https://vestibule.example.com/service/sso/oidc/callback',
  }),
  'GET /hostChannels': () => ({
    slack: { webhookUrlSet: false },
    teams: { webhookUrlSet: false },
    sms: { endpointUrlSet: false, authTokenSet: false, account: null, from: null, configured: false },
    updatedAt: null,
  }),
} as const;

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
    'GET /apiTokens': () => ({ tokens: [] }),
    ...otherCards,
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

/** A moment on the viewer's clock, as the screen writes it whatever the machine's time zone. */
const local = (year: number, month: number, day: number, hours: number, minutes: number) =>
  new Date(year, month - 1, day, hours, minutes).toISOString();

/**
 * The API token calls answered like the server, beside a company without webhooks: a token made
 * is answered once with its value, a token revoked stays in the list.
 */
function answerTokens(start: ApiToken[] = []) {
  let tokens = start;
  return answerCalls({
    'GET /webhooks': () => ({ endpoints: [] }),
    'GET /webhooks/deliveries': () => ({ docs: [], totalDocs: 0, totalCapped: false }),
    'GET /apiTokens': () => ({ tokens }),
    ...otherCards,
    'POST /apiTokens': ({ body }) => {
      const token = 'vst_Q2hhbmdlIHRoaXMgdG9rZW4gaW4gcHJvZHVjdGlvbiE';
      const apiToken: ApiToken = {
        id: id(),
        name: body.name,
        scopes: body.scopes,
        prefix: token.slice(0, 10),
        createdAt: local(2026, 11, 29, 12, 0),
        createdBy: 'admin',
        expiresAt: local(2027, 11, 29, 12, 0),
        lastUsedAt: null,
        revokedAt: null,
      };
      tokens = [...tokens, apiToken];
      return { apiToken, token };
    },
    'DELETE /apiTokens/:id': ({ params }) => {
      tokens = tokens.map((token) =>
        token.id === params.id ? { ...token, revokedAt: local(2026, 11, 29, 12, 30) } : token,
      );
      return tokens.find((token) => token.id === params.id)!;
    },
  });
}

const tokenRows = () =>
  within(screen.getByTestId('api-tokens-table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('the API tokens of the integrations screen', () => {
  // Only the clock is set: whether a token has expired depends on today.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 29, 12, 15));
  });
  afterEach(() => vi.useRealTimers());

  it('lists each token with its state, and revokes an active one only after saying what it stops', async () => {
    storeSignIn({ username: 'master', role: 'ROLE_MASTER' });
    const active: ApiToken = {
      id: id(),
      name: 'CRM sync',
      scopes: ['visits:read', 'people:read'],
      prefix: 'vst_Ab3dEf',
      createdAt: local(2026, 11, 1, 12, 0),
      createdBy: 'master',
      expiresAt: local(2027, 1, 30, 12, 0),
      lastUsedAt: local(2026, 11, 29, 8, 15),
      revokedAt: null,
    };
    const revoked: ApiToken = {
      ...active,
      id: id(),
      name: 'Old HR feed',
      scopes: ['people:write'],
      prefix: 'vst_Zz9yXw',
      lastUsedAt: local(2026, 11, 10, 17, 40),
      revokedAt: local(2026, 11, 20, 12, 0),
    };
    const expired: ApiToken = {
      ...active,
      id: id(),
      name: 'Warehouse',
      scopes: ['visits:read', 'invitations:write'],
      prefix: 'vst_Kk7mNn',
      createdAt: local(2026, 9, 1, 12, 0),
      createdBy: null,
      expiresAt: local(2026, 10, 1, 12, 0),
      lastUsedAt: null,
    };
    const calls = answerTokens([active, revoked, expired]);
    const { user } = renderScreen(<IntegrationsPage />);
    const section = screen.getByRole('region', { name: 'API tokens' });
    await waitFor(() =>
      expect(tokenRows()).toEqual([
        'CRM syncStarts with vst_Ab3dEf…Read visits, Read people2026-11-01by master2027-01-302026-11-29 08:15Active' +
          'Revoke',
        'Old HR feedStarts with vst_Zz9yXw…Write people2026-11-01by master2027-01-302026-11-10 17:40Revokedon 2026-11-20',
        'WarehouseStarts with vst_Kk7mNn…Read visits, Write invitations2026-09-012026-10-01NeverExpired',
      ]),
    );
    expect(within(section).getByText(/lets another of your systems call Vestibule’s API/)).toBeInTheDocument();
    const docs = within(section).getByRole('link', { name: 'API documentation (opens in a new tab)' });
    expect(docs).toHaveAttribute('href', '/service/docs');
    expect(docs).toHaveAttribute('target', '_blank');
    // A revoked or expired token is only told of: nothing is left to do with it.
    expect(
      within(section)
        .getAllByRole('button', { name: /^Revoke/ })
        .map((button) => button.ariaLabel),
    ).toEqual(['Revoke CRM sync']);
    expect(await axeViolations()).toEqual([]);

    await user.click(within(section).getByRole('button', { name: 'Revoke CRM sync' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke the token' });
    expect(dialog).toHaveTextContent(
      'Revoke CRM sync? The systems that use it are refused from their next call, at once. This cannot be undone.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.of('DELETE /apiTokens/:id')).toEqual([]);

    await user.click(within(section).getByRole('button', { name: 'Revoke CRM sync' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke the token' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The token is revoked.')).toBeInTheDocument();
    expect(calls.last('DELETE /apiTokens/:id').params).toEqual({ id: active.id });
    await waitFor(() =>
      expect(tokenRows()[0]).toBe(
        'CRM syncStarts with vst_Ab3dEf…Read visits, Read people2026-11-01by master2027-01-302026-11-29 08:15Revoked' +
          'on 2026-11-29',
      ),
    );
    expect(within(section).queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
  });

  it('makes a first token from the empty list, and shows it once with how to send it', async () => {
    storeSignIn({ username: 'admin', role: 'ROLE_ADMIN' });
    const calls = answerTokens();
    const { user } = renderScreen(<IntegrationsPage />);
    const section = screen.getByRole('region', { name: 'API tokens' });
    expect(
      await within(section).findByText(
        'No token yet: make one so that another of your systems can call Vestibule’s API on your company’s behalf.',
      ),
    ).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'API documentation (opens in a new tab)' })).toBeInTheDocument();
    expect(within(section).queryByTestId('api-tokens-table')).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Make a token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a token' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('maxlength', '80');
    const expiry = within(dialog).getByRole('textbox', { name: 'Expires after' });
    expect(expiry).toHaveValue('90 days');
    await user.click(within(dialog).getByRole('button', { name: 'Make the token' }));
    expect(within(dialog).getByText('Choose at least one scope.')).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toBeInvalid();
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    expect(calls.of('POST /apiTokens')).toEqual([]);

    await user.type(name, 'Meeting rooms');
    const scopes = within(dialog).getByRole('group', { name: 'Scopes' });
    const invitations = within(scopes).getByRole('checkbox', { name: 'Write invitations' });
    expect(invitations).toHaveAccessibleDescription(
      'Invite visitors, change their visits and cancel them. Choose at least one scope.',
    );
    await user.click(invitations);
    await user.click(within(scopes).getByRole('checkbox', { name: 'Read visits' }));
    expect(within(dialog).queryByText('Choose at least one scope.')).not.toBeInTheDocument();
    expect(within(scopes).getByRole('checkbox', { name: 'Read people' })).toHaveAccessibleDescription(
      'List the people of the directory and read each one.',
    );
    await user.click(expiry);
    await user.click(await screen.findByRole('option', { name: '1 year' }));
    expect(expiry).toHaveValue('1 year');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Make the token' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new token' });
    expect(calls.last('POST /apiTokens').body).toEqual({
      name: 'Meeting rooms',
      scopes: ['visits:read', 'invitations:write'],
      expiresInDays: 365,
    });
    const value = within(shown).getByRole('textbox', { name: 'Token' });
    expect(value).toHaveValue('vst_Q2hhbmdlIHRoaXMgdG9rZW4gaW4gcHJvZHVjdGlvbiE');
    expect(value).toHaveFocus();
    expect(value).toHaveAccessibleDescription('It will not be shown again. If it is lost, revoke it and make another.');
    expect(shown).toHaveTextContent('Copy the token Meeting rooms into the system that will call Vestibule.');
    expect(shown).toHaveTextContent('Send it with each call, in this header:Authorization: Bearer <token>');
    expect(shown).toHaveTextContent('A token may make 600 calls a minute');
    await user.click(within(shown).getByRole('button', { name: 'Copy the token' }));
    expect(await navigator.clipboard.readText()).toBe('vst_Q2hhbmdlIHRoaXMgdG9rZW4gaW4gcHJvZHVjdGlvbiE');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await waitFor(() =>
      expect(tokenRows()).toEqual([
        'Meeting roomsStarts with vst_Q2hhbm…Read visits, Write invitations2026-11-29by admin2027-11-29NeverActiveRevoke',
      ]),
    );
    expect(within(section).getByText(/lets another of your systems call Vestibule’s API/)).toBeInTheDocument();
  });
});
