import { screen, waitFor, within } from '@testing-library/react';
import type { SsoProvider, SsoProviderInput } from '@vestibule/shared';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { answerCalls, refusal } from '../../test/answerCalls.ts';
import { renderScreen, storeSignIn } from '../../test/renderApp.tsx';
import { SsoSection } from './SsoSection.tsx';

// The Integrations screen's single sign-on (docs/sso.md): the redirect URI to register, the
// provider set up (the secret asked the first time, kept after), shown, and removed.

const REDIRECT = 'https://vestibule.example.com/service/sso/oidc/callback';

function answerSso(start: SsoProvider | null = null) {
  let provider = start;
  const calls = answerCalls({
    'GET /ssoProvider': () => ({ provider, redirectUri: REDIRECT }),
    'PUT /ssoProvider': ({ body }) => {
      if (body.issuer === 'https://down.example.com') return refusal(400, 'SSO_ISSUER_UNREACHABLE');
      const { clientSecret: _secret, ...kept } = body as SsoProviderInput & { clientSecret?: string };
      provider = { ...kept, roleClaim: kept.roleClaim, updatedAt: '2026-11-29T10:00:00.000Z' } as SsoProvider;
      return { provider, redirectUri: REDIRECT };
    },
    'DELETE /ssoProvider': () => {
      provider = null;
      return { ok: true };
    },
  });
  return calls;
}

describe('single sign-on on the integrations screen', () => {
  it('sets up a provider: the secret is required the first time, the issuer refused says why', async () => {
    storeSignIn({ username: 'master', role: 'ROLE_MASTER' });
    const calls = answerSso();
    const { user } = renderScreen(<SsoSection />);
    const section = await screen.findByRole('region', { name: 'Single sign-on' });
    expect(await within(section).findByTestId('sso-redirect-uri')).toHaveTextContent(REDIRECT);
    expect(within(section).getByText(/Single sign-on is not set up/)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Set up single sign-on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Single sign-on' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name on the sign-in button/ }), 'Acme Identity');
    await user.type(within(dialog).getByRole('textbox', { name: /^Issuer/ }), 'https://down.example.com');
    await user.type(within(dialog).getByRole('textbox', { name: /^Client ID/ }), 'vestibule');
    await user.type(within(dialog).getByRole('textbox', { name: /^Allowed e-mail domains/ }), 'acme.com, ACME.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    expect(calls.of('PUT /ssoProvider')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Client secret/, { selector: 'input' }), 's3cret');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/The provider could not be reached at this address/)).toBeInTheDocument();

    const issuer = within(dialog).getByRole('textbox', { name: /^Issuer/ });
    await user.clear(issuer);
    await user.type(issuer, 'https://login.acme.com');
    await user.type(within(dialog).getByRole('textbox', { name: /^Role claim/ }), 'groups');
    await user.click(within(dialog).getByRole('switch', { name: 'Create users at their first sign-in' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Require single sign-on' }));
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Single sign-on' })).not.toBeInTheDocument());
    expect(calls.last('PUT /ssoProvider').body).toEqual({
      enabled: true,
      displayName: 'Acme Identity',
      issuer: 'https://login.acme.com',
      clientId: 'vestibule',
      clientSecret: 's3cret',
      allowedDomains: ['acme.com', 'acme.fr'],
      roleClaim: 'groups',
      createUsers: true,
      defaultRole: 'ROLE_USER',
      requireSso: true,
    });

    const summary = await within(section).findByTestId('sso-provider');
    expect(within(summary).getByText('Acme Identity')).toBeInTheDocument();
    expect(within(summary).getByText('Offered on the sign-in page')).toBeInTheDocument();
    expect(within(summary).getByText('Created at their first sign-in, as User')).toBeInTheDocument();
    expect(within(summary).getByText('Refused: single sign-on is required')).toBeInTheDocument();
  });

  it('keeps the saved secret when the field is left empty, and removes the provider after asking', async () => {
    storeSignIn({ username: 'admin', role: 'ROLE_ADMIN' });
    const calls = answerSso({
      enabled: true,
      displayName: 'Okta',
      issuer: 'https://acme.okta.com',
      clientId: 'vestibule',
      allowedDomains: ['acme.com'],
      roleClaim: null,
      createUsers: false,
      defaultRole: 'ROLE_USER',
      requireSso: false,
      updatedAt: '2026-11-29T09:00:00.000Z',
    });
    const { user } = renderScreen(<SsoSection />);
    const summary = await screen.findByTestId('sso-provider');
    expect(within(summary).getByText('None: everyone gets the default role')).toBeInTheDocument();
    expect(within(summary).getByText('Not created: an administrator creates them first')).toBeInTheDocument();

    await user.click(within(summary).getByRole('button', { name: 'Edit single sign-on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Single sign-on' });
    expect(within(dialog).getByLabelText(/^Client secret/, { selector: 'input' })).toHaveAccessibleDescription(
      'Saved and never shown. Leave empty to keep it.',
    );
    await user.click(within(dialog).getByRole('switch', { name: 'Offer single sign-on on the sign-in page' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.of('PUT /ssoProvider')).toHaveLength(1));
    expect(calls.last('PUT /ssoProvider').body).not.toHaveProperty('clientSecret');
    expect(await within(await screen.findByTestId('sso-provider')).findByText('Not offered')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove single sign-on?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove single sign-on' }));
    expect(await screen.findByText(/Single sign-on is not set up/)).toBeInTheDocument();
    expect(calls.of('DELETE /ssoProvider')).toHaveLength(1);
  });
});
