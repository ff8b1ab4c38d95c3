import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { axeViolations } from '../../test/axe.ts';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { storageKeys } from '../../storage/storageKeys.ts';
import { json, unreachable } from '../../test/answerCalls.ts';
import { createTestSession } from '../../test/renderApp.tsx';
import { i18n } from '../locale/index.ts';
import { NotificationBanners } from '../notifications/index.ts';
import { ProfilePage } from './ProfilePage.tsx';
import { answerProfile, profileFixture, warehouse } from './testing/profileAnswers.ts';

/** Another screen's date, drawn beside the page: it must follow the formats saved in the profile. */
function DateElsewhere() {
  const format = useDateTimeFormat();
  return <p data-testid="date-elsewhere">{format.dateTime(new Date(2026, 2, 5, 14, 7))}</p>;
}

function renderPage(options: { impersonating?: boolean; calls?: ReturnType<typeof answerProfile> } = {}) {
  const calls = options.calls ?? answerProfile();
  localStorage.setItem(storageKeys.user, JSON.stringify({ username: 'uma', role: 'ROLE_USER' }));
  localStorage.setItem(storageKeys.token, 'token-of-uma');
  localStorage.setItem(storageKeys.tokenExpiration, String(Math.floor(Date.now() / 1000) + 3600));
  if (options.impersonating) {
    localStorage.setItem(storageKeys.originalUser, JSON.stringify({ username: 'admin', role: 'ROLE_ADMIN' }));
    localStorage.setItem(storageKeys.originalToken, 'token-of-admin');
  }
  const session = createTestSession();
  const user = userEvent.setup();
  render(
    <AppProviders session={session} testEnvironment>
      <main>
        <NotificationBanners />
        <ProfilePage />
        <DateElsewhere />
      </main>
    </AppProviders>,
  );
  return { calls, session, user };
}

const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string | RegExp) {
  await user.click(textbox(field));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('profile page', () => {
  it('shows the profile: read-only account, details, preferences with examples, both sections by heading', async () => {
    renderPage({ calls: answerProfile(profileFixture({ verified: false, favouriteBuildingId: warehouse.id })) });

    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Uma');
    expect(screen.getByRole('heading', { level: 1, name: 'My profile' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Personal details',
      'Change password',
    ]);
    expect(screen.getByRole('region', { name: 'Personal details' })).toBeInTheDocument();
    expect(textbox('Username')).toHaveValue('uma');
    expect(textbox('Username')).toHaveAttribute('readonly');
    expect(textbox('Email')).toHaveValue('uma@example.com');
    expect(textbox('Email')).toHaveAccessibleDescription('Email address not verified yet');
    expect(textbox('Last name')).toHaveValue('User');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('+1 416 555 0100');
    expect(textbox('Language')).toHaveValue('English');
    expect(textbox('Favourite building')).toHaveValue('Warehouse');
    // Each format is shown by the present moment written that way.
    expect((textbox('Date format') as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2} \(yyyy-MM-dd\)$/);
    expect((textbox('Time format') as HTMLInputElement).value).toMatch(/^\d{2}:\d{2} \(HH:mm\)$/);

    await userEvent.setup().click(textbox('Date format'));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toHaveLength(4);
    expect(options[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \(dd\/MM\/yyyy\)$/);
    expect(await axeViolations()).toEqual([]);
  });

  it('saves the changes, says so, and every date of the app takes the new formats at once', async () => {
    const { calls, session, user } = renderPage();
    await screen.findByRole('textbox', { name: 'First name' });
    expect(screen.getByTestId('date-elsewhere')).toHaveTextContent('2026-03-05 14:07');

    await user.clear(textbox('First name'));
    await user.type(textbox('First name'), 'Ursula');
    await user.clear(textbox('Phone'));
    await choose(user, 'Date format', /\(dd\/MM\/yyyy\)$/);
    await choose(user, 'Time format', /\(hh:mm a\)$/);
    await choose(user, 'Favourite building', 'Warehouse');
    // As a host, the user no longer wants to be told of their visitors' arrival.
    expect(screen.getByRole('textbox', { name: 'When my visitor arrives' })).toHaveValue('Tell me by e-mail');
    await choose(user, 'When my visitor arrives', 'Do not tell me');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(calls.of('PATCH /profile').map((request) => request.body)).toContainEqual({
      firstName: 'Ursula',
      lastName: 'User',
      phone: null,
      userLocale: 'en',
      hostNotice: 'NONE',
      dateFormat: 'dd/MM/yyyy',
      timeFormat: 'hh:mm a',
      favouriteBuildingId: warehouse.id,
    });
    expect(session.getState().user).toMatchObject({ firstName: 'Ursula', dateFormat: 'dd/MM/yyyy' });
    expect(screen.getByTestId('date-elsewhere')).toHaveTextContent('05/03/2026 02:07 PM');
  });

  it('asks for a mobile number before the choice of SMS is saved, then saves both', async () => {
    const { calls, user } = renderPage();
    await screen.findByRole('textbox', { name: 'First name' });
    await user.clear(textbox('Phone'));
    await choose(user, 'When my visitor arrives', 'Text my mobile (SMS)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A mobile number is needed to be told by SMS.')).toBeInTheDocument();
    expect(textbox('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.of('PATCH /profile')).toEqual([]);

    await user.type(textbox('Phone'), '+44 7700 900123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(calls.last('PATCH /profile').body).toMatchObject({ phone: '+44 7700 900123', hostNotice: 'SMS' });
  });

  it('switches the interface to the language saved', async () => {
    const { user } = renderPage();
    await screen.findByRole('textbox', { name: 'First name' });

    await choose(user, 'Language', 'Français');
    expect(i18n.language).toBe('en');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Mon profil' })).toBeInTheDocument();
    expect(await screen.findByText('Votre profil a été enregistré.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Prénom' })).toHaveValue('Uma');
    expect(localStorage.getItem(storageKeys.locale)).toBe('fr');
  });

  it('shows a wrong current password on its field, and the policy before sending', async () => {
    const { calls, user } = renderPage();
    calls.once(
      'POST /profile/changePassword',
      json(400, { errorCode: 'OLD_PASSWORD_NOT_MATCH', msg: 'The current password is not correct.' }),
    );
    const current = await screen.findByLabelText(/^Current password/);
    const fresh = screen.getByLabelText(/^New password/);
    const confirmation = screen.getByLabelText(/^Confirm the new password/);
    const submit = screen.getByRole('button', { name: 'Change password' });

    await user.type(fresh, 'short');
    expect(fresh).toHaveAccessibleDescription(expect.stringMatching(/at least 7 characters\s*\(missing\)/));
    await user.click(submit);
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(calls.of('POST /profile/changePassword')).toHaveLength(0);

    await user.type(current, 'Wrong1!');
    await user.clear(fresh);
    await user.type(fresh, 'Vestibule2!');
    await user.type(confirmation, 'Vestibule2!');
    await user.click(submit);

    await waitFor(() => expect(current).toHaveAccessibleDescription('The current password is not correct.'));
    expect(current).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(current).toHaveFocus());
    expect(screen.queryByTestId('error-banner')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.type(current, 'x');
    expect(current).not.toHaveAccessibleDescription('The current password is not correct.');
  });

  it("puts the server's validation issues on their fields", async () => {
    const { calls, user } = renderPage();
    const issue = { path: 'password', errorCode: 'PASSWORD_POLICY', message: 'PASSWORD_POLICY' };
    calls.once(
      'POST /profile/changePassword',
      json(400, { errorCode: 'PASSWORD_POLICY', msg: 'policy', params: { field: 'password' }, issues: [issue] }),
    );
    await user.type(await screen.findByLabelText(/^Current password/), 'Vestibule1!');
    const fresh = screen.getByLabelText(/^New password/);
    await user.type(fresh, 'Vestibule2!');
    await user.type(screen.getByLabelText(/^Confirm the new password/), 'Vestibule2!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(fresh).toHaveFocus());
    expect(fresh).toHaveAttribute('aria-invalid', 'true');
    expect(fresh).toHaveAccessibleDescription(expect.stringMatching(/^The password needs at least 7 characters/));
  });

  it('goes on with the new token after a password change, with the fields cleared', async () => {
    const { calls, session, user } = renderPage();
    await user.type(await screen.findByLabelText(/^Current password/), 'Vestibule1!');
    await user.type(screen.getByLabelText(/^New password/), 'Vestibule2!');
    await user.type(screen.getByLabelText(/^Confirm the new password/), 'Vestibule2!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText(/^Your password has been changed\./)).toBeInTheDocument();
    expect(calls.of('POST /profile/changePassword').map((request) => request.body)).toContainEqual({
      oldPassword: 'Vestibule1!',
      password: 'Vestibule2!',
      confirmPassword: 'Vestibule2!',
    });
    expect(session.getState().token).toBe('token-after-change');
    expect(localStorage.getItem(storageKeys.token)).toBe('token-after-change');
    for (const label of [/^Current password/, /^New password/, /^Confirm the new password/]) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
  });

  it('has no password section while an administrator is logged in as the user', async () => {
    renderPage({ impersonating: true });
    expect(await screen.findByRole('textbox', { name: 'First name' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
  });

  it('says when the profile cannot be loaded, and tries again', async () => {
    const calls = answerProfile();
    calls.once('GET /profile', unreachable);
    const { user } = renderPage({ calls });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your profile could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Uma');
  });
});
