import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/answerCalls.ts';
import { renderApp } from '../../test/renderApp.tsx';

function refuse(status: number, code: 'WRONG_PASSWORD' | 'BLOCKED_USER', params?: Record<string, number>) {
  return () => json(status, { errorCode: code, msg: 'refused', params });
}

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], username: string, password: string) {
  if (username) await user.type(screen.getByLabelText(/Username/), username);
  if (password) await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login page', () => {
  it('labels its fields, focuses the username and hides the password until asked', async () => {
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    const username = screen.getByRole('textbox', { name: /Username/ });
    expect(username).toHaveFocus();
    expect(username).toHaveAttribute('autocomplete', 'username');
    const password = screen.getByLabelText(/Password/, { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');

    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
  });

  it('asks for the missing fields without calling the server', async () => {
    const { user, sessionCalls } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await fillAndSubmit(user, '', '');
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: /Username/ })).toHaveFocus();
    expect(sessionCalls.of('POST /login')).toHaveLength(0);
  });

  it('says when the username or password is wrong, and lets the user try again', async () => {
    const { user, router } = renderApp('/login', { session: { 'POST /login': refuse(403, 'WRONG_PASSWORD') } });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await fillAndSubmit(user, 'admin', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password.');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says when the account is blocked, for how long, and the message can be closed', async () => {
    const { user } = renderApp('/login', { session: { 'POST /login': refuse(403, 'BLOCKED_USER') } });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await fillAndSubmit(user, 'admin', 'wrong');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many failed sign-in attempts. The account is blocked for 15 minutes.');
    await user.click(within(alert).getByRole('button', { name: 'Close the message' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the trimmed username', async () => {
    const { user, sessionCalls } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await fillAndSubmit(user, '  admin ', 'Vestibule1!');
    expect(sessionCalls.of('POST /login').map((request) => request.body)).toContainEqual({
      username: 'admin',
      password: 'Vestibule1!',
    });
    await screen.findByRole('heading', { level: 1, name: 'Entry log' });
  });
});

describe('single sign-on', () => {
  it('signs in with the one-time token and goes home', async () => {
    const { sessionCalls, router } = renderApp('/sso/one-time-token');
    await screen.findByRole('heading', { level: 1, name: 'Entry log' });
    expect(sessionCalls.of('GET /sso/:token')).toHaveLength(1);
    expect(sessionCalls.of('GET /sso/:token').map((request) => request.params)).toContainEqual({
      token: 'one-time-token',
    });
    expect(router.state.location.pathname).toBe('/check-in-out');
  });

  it('goes to the login page when the token is unknown', async () => {
    const { router } = renderApp('/sso/unknown', {
      session: { 'GET /sso/:token': () => json(404, { errorCode: 'NOT_FOUND', msg: 'Not found' }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('single sign-on on the login page', () => {
  it('finds the company’s provider from a work e-mail and offers to sign in with it', async () => {
    const { user, sessionCalls } = renderApp('/login', {
      session: {
        'POST /sso/discover': ({ body }) => ({
          provider: body.login.endsWith('@acme.com')
            ? { id: '0190a8f2-0000-7000-8000-000000000001', displayName: 'Acme Identity' }
            : null,
        }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await user.click(screen.getByRole('button', { name: 'Sign in with single sign-on' }));
    const field = screen.getByRole('textbox', { name: /Work e-mail or company/ });
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();

    await user.type(field, 'kim@elsewhere.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/No single sign-on is set up for this e-mail or company/)).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'kim@acme.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const link = await screen.findByRole('link', { name: 'Sign in with Acme Identity' });
    expect(link).toHaveAttribute('href', '/service/sso/oidc/0190a8f2-0000-7000-8000-000000000001/start');
    expect(sessionCalls.of('POST /sso/discover').map((call) => call.body)).toEqual([
      { login: 'kim@elsewhere.com' },
      { login: 'kim@acme.com' },
    ]);
  });

  it('tells a user whose company requires single sign-on to use it, naming the provider', async () => {
    const { user } = renderApp('/login', {
      session: {
        'POST /login': () =>
          json(403, { errorCode: 'SSO_REQUIRED', msg: 'refused', params: { provider: 'Acme Identity' } }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await fillAndSubmit(user, 'pat', 'right-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your company signs you in with Acme Identity: choose “Sign in with single sign-on” below.',
    );
  });

  it('says why a sign-in at the provider was refused when it comes back', async () => {
    renderApp('/login?ssoError=SSO_NO_ACCOUNT');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No Vestibule account has this e-mail address. Ask your administrator to create one.',
    );
    expect(screen.getByRole('textbox', { name: /Work e-mail or company/ })).toBeInTheDocument();
  });
});
