import { screen, waitFor, within } from '@testing-library/react';
import type { HostChannels, HostChannelsInput } from '@vestibule/shared';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { answerCalls, refusal } from '../../test/answerCalls.ts';
import { renderScreen, storeSignIn } from '../../test/renderApp.tsx';
import { HostChannelsSection } from './HostChannelsSection.tsx';

// The Integrations screen's host notifications (docs/host-notifications.md): the company's Slack
// and Teams addresses and SMS provider, set, kept secret (the answer says only whether each is
// set), changed and removed.

const nothingSet: HostChannels = {
  slack: { webhookUrlSet: false },
  teams: { webhookUrlSet: false },
  sms: { endpointUrlSet: false, authTokenSet: false, account: null, from: null, configured: false },
  updatedAt: null,
};

/** A fake server keeping what was set as the real one answers it: whether each secret is set, never its value. */
function answerChannels(start: HostChannels = nothingSet) {
  let settings = start;
  return answerCalls({
    'GET /hostChannels': () => settings,
    'PATCH /hostChannels': ({ body }) => {
      const input = body as HostChannelsInput;
      if (input.slackWebhookUrl === 'https://refused.example.test/') return refusal(400, 'WEBHOOK_URL_NOT_ALLOWED');
      const given = (value: string | null | undefined, was: boolean) => (value === undefined ? was : value !== null);
      const sms = {
        endpointUrlSet: given(input.smsEndpointUrl, settings.sms.endpointUrlSet),
        authTokenSet: given(input.smsAuthToken, settings.sms.authTokenSet),
        account: input.smsAccount === undefined ? settings.sms.account : input.smsAccount,
        from: input.smsFrom === undefined ? settings.sms.from : input.smsFrom,
      };
      settings = {
        slack: { webhookUrlSet: given(input.slackWebhookUrl, settings.slack.webhookUrlSet) },
        teams: { webhookUrlSet: given(input.teamsWebhookUrl, settings.teams.webhookUrlSet) },
        sms: {
          ...sms,
          configured: sms.endpointUrlSet && sms.authTokenSet && sms.account !== null && sms.from !== null,
        },
        updatedAt: '2026-11-29T10:00:00.000Z',
      };
      return settings;
    },
  });
}

describe('host notifications on the integrations screen', () => {
  it('sets Slack: the address is required and must be HTTPS, then the row says it is set', async () => {
    storeSignIn({ username: 'master', role: 'ROLE_MASTER' });
    const calls = answerChannels();
    const { user } = renderScreen(<HostChannelsSection />);
    const section = await screen.findByRole('region', { name: 'Host notifications' });
    const slack = await within(section).findByTestId('host-channel-SLACK');
    expect(within(slack).getByText('Not set')).toBeInTheDocument();
    expect(within(within(section).getByTestId('host-channel-SMS')).getByText('Not set up')).toBeInTheDocument();
    expect(within(slack).queryByRole('button', { name: 'Remove Slack' })).not.toBeInTheDocument();

    await user.click(within(slack).getByRole('button', { name: 'Set up Slack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up Slack' });
    const address = within(dialog).getByRole('textbox', { name: /^Slack incoming webhook address/ });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    await user.type(address, 'http://hooks.example.test/x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('A webhook’s address must start with https://.')).toBeInTheDocument();
    expect(calls.of('PATCH /hostChannels')).toEqual([]);

    // The server's refusal shows on the field.
    await user.clear(address);
    await user.type(address, 'https://refused.example.test/');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A webhook’s address must start with https://.')).toBeInTheDocument();

    await user.clear(address);
    await user.type(address, 'https://hooks.slack.com/services/T0/B0/secret');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set up Slack' })).not.toBeInTheDocument());
    expect(calls.last('PATCH /hostChannels').body).toEqual({
      slackWebhookUrl: 'https://hooks.slack.com/services/T0/B0/secret',
    });
    expect(
      await within(await within(section).findByTestId('host-channel-SLACK')).findByText('Set'),
    ).toBeInTheDocument();
    // The secret address is not shown back.
    expect(section).not.toHaveTextContent('hooks.slack.com/services/T0');
  });

  it('sets up SMS with every part, then changes the sender keeping the token and address left empty', async () => {
    storeSignIn({ username: 'admin', role: 'ROLE_ADMIN' });
    const calls = answerChannels();
    const { user } = renderScreen(<HostChannelsSection />);
    const sms = await screen.findByTestId('host-channel-SMS');
    await user.click(within(sms).getByRole('button', { name: 'Set up SMS' }));
    let dialog = await screen.findByRole('dialog', { name: 'Set up SMS' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Provider’s messages address/ }),
      'https://api.sms.test/Messages',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Account/ }), 'AC123');
    await user.type(within(dialog).getByLabelText(/^Authentication token/, { selector: 'input' }), 'tok-secret');
    const from = within(dialog).getByRole('textbox', { name: /^Sender number/ });
    await user.type(from, '0612');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(/A mobile number is written in the international form/)).toBeInTheDocument();
    await user.clear(from);
    await user.type(from, '+14165550100');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set up SMS' })).not.toBeInTheDocument());
    expect(calls.last('PATCH /hostChannels').body).toEqual({
      smsEndpointUrl: 'https://api.sms.test/Messages',
      smsAccount: 'AC123',
      smsAuthToken: 'tok-secret',
      smsFrom: '+14165550100',
    });
    const ready = await screen.findByTestId('host-channel-SMS');
    expect(await within(ready).findByText('Ready')).toBeInTheDocument();
    expect(within(ready).getByText('Account AC123, sent from +14165550100')).toBeInTheDocument();

    await user.click(within(ready).getByRole('button', { name: 'Change SMS' }));
    dialog = await screen.findByRole('dialog', { name: 'Change SMS' });
    expect(within(dialog).getByLabelText(/^Authentication token/, { selector: 'input' })).toHaveAccessibleDescription(
      'Saved and never shown. Leave empty to keep it.',
    );
    const sender = within(dialog).getByRole('textbox', { name: /^Sender number/ });
    await user.clear(sender);
    await user.type(sender, '+14165550199');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.of('PATCH /hostChannels')).toHaveLength(2));
    expect(calls.last('PATCH /hostChannels').body).toEqual({ smsAccount: 'AC123', smsFrom: '+14165550199' });
  });

  it('removes Teams after asking, by keyboard', async () => {
    storeSignIn({ username: 'master', role: 'ROLE_MASTER' });
    const calls = answerChannels({ ...nothingSet, teams: { webhookUrlSet: true } });
    const { user } = renderScreen(<HostChannelsSection />);
    const teams = await screen.findByTestId('host-channel-TEAMS');
    expect(within(teams).getByText('Set')).toBeInTheDocument();
    within(teams).getByRole('button', { name: 'Remove Microsoft Teams' }).focus();
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('dialog', { name: 'Remove Microsoft Teams?' });
    expect(confirm).toHaveTextContent('Hosts who chose Microsoft Teams are told by e-mail');
    await user.click(within(confirm).getByRole('button', { name: 'Remove Microsoft Teams' }));
    await waitFor(() => expect(calls.of('PATCH /hostChannels')).toHaveLength(1));
    expect(calls.last('PATCH /hostChannels').body).toEqual({ teamsWebhookUrl: null });
    expect(await within(await screen.findByTestId('host-channel-TEAMS')).findByText('Not set')).toBeInTheDocument();
  });

  it('says so when the settings cannot be loaded', async () => {
    storeSignIn({ username: 'master', role: 'ROLE_MASTER' });
    answerCalls({ 'GET /hostChannels': () => refusal(500, 'INTERNAL_ERROR') });
    renderScreen(<HostChannelsSection />);
    expect(await screen.findByText('The host notification settings could not be loaded.')).toBeInTheDocument();
  });
});
