import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { type Answers, answerCalls, json, refusal } from '../../test/answerCalls.ts';
import { TOKEN, sentTo } from './accountTesting.ts';

const STRONG = 'New-Secret1!';
const someone = { username: 'uma', email: 'uma@example.com', passwordRequired: true };

async function openResetPage(answers: Answers) {
  const calls = answerCalls({ 'GET /user/byResetPasswordToken': () => json(200, someone), ...answers });
  const view = renderApp(`/reset/${TOKEN}`);
  await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
  return { ...view, calls };
}

const password = () => screen.getByLabelText(/^New password/, { selector: 'input' });
const confirmation = () => screen.getByLabelText(/^Confirm the new password/, { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Change password' });

describe('reset password page', () => {
  it('sets the new password once, then shows the sign-in page with a success banner', async () => {
    const { user, router, calls } = await openResetPage({ 'POST /reset': () => json(200, { ok: true }) });
    expect(await screen.findByText('Choose a new password for the account uma.')).toBeInTheDocument();
    expect(sentTo(calls, 'GET /user/byResetPasswordToken')).toEqual([{ query: { token: TOKEN }, body: undefined }]);

    await user.type(password(), STRONG);
    await user.type(confirmation(), STRONG);
    await user.click(submit());

    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your password has been changed. Log in with your new password.',
    );
    expect(sentTo(calls, 'POST /reset')).toEqual([
      { query: {}, body: { token: TOKEN, password: STRONG, confirmPassword: STRONG } },
    ]);
  });

  it('says when the link is unknown or used, shows no password field and leads to a new link', async () => {
    await openResetPage({ 'GET /user/byResetPasswordToken': () => refusal(404, 'NOT_FOUND_OR_ALREADY_USED') });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is unknown or has already been used.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot');
    expect(screen.queryByLabelText(/New password/)).not.toBeInTheDocument();
  });

  it('lists the rules the password misses, and refuses it until it meets them all', async () => {
    const { user, calls } = await openResetPage({});
    await user.type(await screen.findByLabelText(/^New password/, { selector: 'input' }), 'abcdefg');
    const rules = screen.getByText('Your password needs').parentElement as HTMLElement;
    expect(password().getAttribute('aria-describedby')).toContain(rules.id);
    const rule = (name: string) => within(rules).getByText(name, { exact: false });
    expect(rule('at least 7 characters')).toHaveTextContent('(done)');
    expect(rule('a lowercase letter')).toHaveTextContent('(done)');
    expect(rule('an uppercase letter')).toHaveTextContent('(missing)');
    expect(rule('a number')).toHaveTextContent('(missing)');
    expect(rule('one of !@#$%')).toHaveTextContent('(missing)');

    await user.type(confirmation(), 'abcdefg');
    await user.click(submit());
    expect(screen.getByText('The password does not meet every rule.')).toBeInTheDocument();
    expect(password()).toHaveFocus();
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(password().getAttribute('aria-describedby')).toBe(`reset-password-error ${rules.id}`);
    expect(sentTo(calls, 'POST /reset')).toEqual([]);
  });

  it('asks for both fields, then for a confirmation that matches', async () => {
    const { user, calls } = await openResetPage({});
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(password()).toHaveFocus();

    await user.type(password(), STRONG);
    await user.type(confirmation(), `${STRONG}x`);
    await user.click(submit());
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    expect(confirmation()).toHaveFocus();
    expect(confirmation()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).not.toHaveAttribute('aria-invalid');
    expect(sentTo(calls, 'POST /reset')).toEqual([]);
  });

  it("shows the server's refusal under its field", async () => {
    const { user } = await openResetPage({
      'POST /reset': () =>
        refusal(400, 'PASSWORD_POLICY', [{ path: 'password', errorCode: 'PASSWORD_POLICY', message: 'policy' }]),
    });
    await user.type(await screen.findByLabelText(/^New password/, { selector: 'input' }), STRONG);
    await user.type(confirmation(), STRONG);
    await user.click(submit());
    expect(await screen.findByText(/The password needs at least 7 characters/)).toHaveAttribute(
      'id',
      'reset-password-error',
    );
    expect(password()).toHaveFocus();
  });

  it('says so when the link was used meanwhile', async () => {
    const { user, router } = await openResetPage({ 'POST /reset': () => refusal(404, 'NOT_FOUND_OR_ALREADY_USED') });
    await user.type(await screen.findByLabelText(/^New password/, { selector: 'input' }), STRONG);
    await user.type(confirmation(), STRONG);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is unknown or has already been used.');
    expect(router.state.location.pathname).toBe(`/reset/${TOKEN}`);
  });
});
