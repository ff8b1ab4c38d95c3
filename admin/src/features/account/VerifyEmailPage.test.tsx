import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { type Answers, answerCalls, json, refusal, unreachable } from '../../test/answerCalls.ts';
import { TOKEN, sentTo } from './accountTesting.ts';

const STRONG = 'First-Secret1!';

async function openVerifyPage(passwordRequired: boolean, answers: Answers = {}) {
  const calls = answerCalls({
    'GET /user/byVerificationToken': () => json(200, { username: 'nora', email: 'nora@example.com', passwordRequired }),
    'POST /user/verify': () => json(200, { ok: true }),
    ...answers,
  });
  const view = renderApp(`/verify/${TOKEN}`);
  await screen.findByRole('heading', { level: 1, name: 'Verify your account' });
  return { ...view, calls };
}

const password = () => screen.getByLabelText(/^New password/, { selector: 'input' });
const confirmation = () => screen.getByLabelText(/^Confirm the new password/, { selector: 'input' });

describe('verify e-mail page', () => {
  it('greets the user and verifies an account that has a password without asking for one', async () => {
    const { user, router, calls } = await openVerifyPage(false);
    expect(await screen.findByText('Hello nora,')).toBeInTheDocument();
    expect(screen.queryByLabelText(/New password/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent('Your email address is verified. You can now log in.');
    expect(sentTo(calls, 'POST /user/verify')).toEqual([{ query: {}, body: { token: TOKEN } }]);
  });

  it('asks an account without a password to choose one, with its rules and confirmation', async () => {
    const { user, router, calls } = await openVerifyPage(true);
    await user.type(await screen.findByLabelText(/^New password/, { selector: 'input' }), 'short');
    const rules = screen.getByText('Your password needs').parentElement as HTMLElement;
    expect(within(rules).getByText('at least 7 characters', { exact: false })).toHaveTextContent('(missing)');
    expect(within(rules).getByText('a lowercase letter', { exact: false })).toHaveTextContent('(done)');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('The password does not meet every rule.')).toBeInTheDocument();
    expect(password()).toHaveFocus();

    await user.clear(password());
    await user.type(password(), STRONG);
    await user.type(confirmation(), 'Something-else1!');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    expect(confirmation()).toHaveFocus();
    expect(sentTo(calls, 'POST /user/verify')).toEqual([]);

    await user.clear(confirmation());
    await user.type(confirmation(), STRONG);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(sentTo(calls, 'POST /user/verify')).toEqual([
      {
        query: {},
        body: {
          token: TOKEN,
          password: STRONG,
          confirmPassword: STRONG,
        },
      },
    ]);
  });

  it('says when the link is unknown or the account already verified, and leads to the sign-in page', async () => {
    await openVerifyPage(false, {
      'GET /user/byVerificationToken': () => refusal(404, 'NOT_FOUND_OR_ALREADY_VERIFIED'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is unknown or the account is already verified.',
    );
    expect(screen.getByRole('link', { name: 'Go to log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
  });

  it('offers to ask again when the server cannot be reached', async () => {
    let attempts = 0;
    const { user } = await openVerifyPage(false, {
      'GET /user/byVerificationToken': () => {
        attempts += 1;
        if (attempts === 1) return unreachable;
        return { username: 'nora', email: null, passwordRequired: false };
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The signal is weak or the network is down.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello nora,')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
