import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { type Answers, answerCalls, json } from '../../test/answerCalls.ts';
import { sentTo } from './accountTesting.ts';

async function openForgotPage(answers: Answers = {}) {
  const calls = answerCalls({ 'POST /forgot': () => json(200, { ok: true }), ...answers });
  const view = renderApp('/forgot');
  await screen.findByRole('heading', { level: 1, name: 'Forgot your password' });
  return { ...view, calls };
}

const email = () => screen.getByRole('textbox', { name: /Email/ });
const send = () => screen.getByRole('button', { name: 'Send the link' });

describe('forgot password page', () => {
  it('asks for an address, then a valid one, without calling the server', async () => {
    const { user, calls } = await openForgotPage();
    expect(email()).toHaveFocus();
    await user.click(send());
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAttribute('aria-describedby', 'forgot-email-error');
    expect(email()).toHaveFocus();

    await user.type(email(), 'not an address');
    await user.click(send());
    expect(screen.getByText('Valid email is required')).toBeInTheDocument();
    expect(sentTo(calls, 'POST /forgot')).toEqual([]);
  });

  it('sends the link and says so with the address, in place of the form, until the page is left', async () => {
    const { user, calls } = await openForgotPage();
    await user.type(email(), '  uma@example.com ');
    await user.click(send());

    const confirmation = await screen.findByText(/If an account uses uma@example.com, an email with a link/);
    expect(confirmation).toHaveTextContent('The link works once, for 60 minutes.');
    expect(confirmation.closest('[role="status"]')).not.toBeNull();
    expect(confirmation).toHaveFocus();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
    expect(sentTo(calls, 'POST /forgot')).toEqual([{ query: {}, body: { email: 'uma@example.com' } }]);
  });

  it('keeps the form and says why when the request fails', async () => {
    const { user } = await openForgotPage({
      'POST /forgot': () => json(429, { errorCode: 'TOO_MANY_REQUESTS', msg: 'Too many requests' }),
    });
    await user.type(email(), 'uma@example.com');
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a moment and try again.',
    );
    expect(email()).toHaveValue('uma@example.com');
  });
});
