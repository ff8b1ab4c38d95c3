import { screen, waitFor, within } from '@testing-library/react';
import type { Role, User } from '@vestibule/shared';
import { axeViolations } from '../../test/axe.ts';
import { describe, expect, it } from 'vitest';
import { answerCalls } from '../../test/answerCalls.ts';
import { acme, userFixture } from '../../test/fixtures.ts';
import { createTestSession, renderScreen, storeSignIn } from '../../test/renderApp.tsx';
import { UsersPage } from './UsersPage.tsx';

const HQ = '0190a8f2-0000-7000-8000-0000000000b1';

function person(username: string, role: Role, changes: Partial<User> = {}): User {
  const id = `0190a8f2-0000-7000-8000-${String(username.length).padStart(4, '0')}${username
    .padEnd(8, '0')
    .slice(0, 8)
    .replace(/[^0-9a-f]/g, 'a')}`;
  return { ...userFixture(username, [role]), id, firstName: username, lastName: 'Doe', ...changes };
}

const people = [
  person('corporate', 'ROLE_MASTER'),
  person('guard', 'ROLE_USER', { verified: false }),
  person('blocked', 'ROLE_SUPERVISOR', { blocked: true }),
];

/** The users calls answered as the contract says. */
function answerUsers() {
  return answerCalls({
    'GET /user': () => ({ docs: people, totalDocs: 3 }),
    'POST /user': ({ body }) => person(body.username, body.role),
    'PATCH /user/:id': ({ params }) => people.find((user) => user.id === params.id) ?? people[0]!,
    'DELETE /user/:id': () => ({ ok: true }),
    'GET /validateUserEmail': ({ query }) => ({ valid: query.email !== 'taken@example.com' }),
    'GET /user/:id/buildings': () => [{ id: HQ, name: 'HQ' }],
    'POST /user/:userId/buildings/:buildingId/:operation': () => ({ ok: true }),
    'POST /user/:id/changePassword': () => ({ ok: true }),
    'POST /user/:id/resetPassword': () => ({ ok: true }),
    'GET /users/users.csv': () =>
      new Response('Username\r\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } }),
  });
}

async function renderPage(role: Role, impersonatedBy?: string) {
  storeSignIn({ ...userFixture('me', [role]), tenant: acme, role, ...(impersonatedBy ? { impersonatedBy } : {}) });
  const calls = answerUsers();
  const session = createTestSession();
  // The session's company and its buildings, as the app's start fetches them.
  await session.getState().selectTenant(acme.id);
  const { user } = renderScreen(<UsersPage />, session);
  return { calls, user };
}

describe('users list', () => {
  it('shows each user with their role and state in words, filters by role and sorts', async () => {
    const { calls, user } = await renderPage('ROLE_ADMIN');
    const guard = await screen.findByTestId('user-row-guard');
    expect(within(guard).getByText('User')).toBeInTheDocument();
    expect(within(guard).getByText('Not verified')).toBeInTheDocument();
    expect(within(screen.getByTestId('user-row-blocked')).getByText('Blocked')).toBeInTheDocument();
    expect(within(screen.getByTestId('user-row-corporate')).getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
    // No filter: the query names the sort and the page only.
    expect(calls.last('GET /user').query).toEqual({ sort: 'username', order: '1', page: '1', limit: '10' });

    await user.click(screen.getByRole('textbox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Supervisor' }));
    await waitFor(() =>
      expect(calls.last('GET /user').query).toEqual(expect.objectContaining({ role: 'ROLE_SUPERVISOR', page: '1' })),
    );
    await user.click(screen.getByRole('button', { name: 'Sort by E-mail' }));
    await waitFor(() =>
      expect(calls.last('GET /user').query).toEqual(expect.objectContaining({ sort: 'email', order: '1' })),
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('lets an administrator sign in as a user, but not as a blocked one', async () => {
    await renderPage('ROLE_ADMIN');
    await screen.findByTestId('user-row-guard');
    expect(screen.getByRole('button', { name: 'Sign in as guard Doe' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in as blocked Doe' })).not.toBeInTheDocument();
  });

  it('offers no "sign in as" while an administrator works as another administrator: it does not chain', async () => {
    await renderPage('ROLE_ADMIN', 'root');
    await screen.findByTestId('user-row-guard');
    expect(screen.queryByRole('button', { name: /^Sign in as/ })).not.toBeInTheDocument();
    // Everything else an administrator does is still there.
    expect(screen.getByRole('button', { name: 'Edit guard Doe' })).toBeInTheDocument();
  });

  it('gives a supervisor only the rows and roles at or below their own', async () => {
    const { user } = await renderPage('ROLE_SUPERVISOR');
    await screen.findByTestId('user-row-guard');
    expect(screen.queryByRole('button', { name: 'Sign in as guard Doe' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit corporate Doe' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit guard Doe' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.click(within(dialog).getByRole('textbox', { name: /^Role/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Supervisor', 'User', 'Space user']);
  });
});

describe('user dialog', () => {
  it('adds a user with a building, saying at once when the e-mail is taken', async () => {
    const { calls, user } = await renderPage('ROLE_ADMIN');
    await screen.findByTestId('user-row-guard');
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });

    await user.type(within(dialog).getByRole('textbox', { name: /^Username/ }), 'newcomer');
    const email = within(dialog).getByRole('textbox', { name: /^E-mail/ });
    await user.type(email, 'taken@example.com');
    expect(await within(dialog).findByText('This email is already taken.', {}, { timeout: 3000 })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(calls.of('POST /user')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'newcomer@example.com');
    await waitFor(() => expect(calls.last('GET /validateUserEmail').query).toEqual({ email: 'newcomer@example.com' }), {
      timeout: 3000,
    });
    await user.type(within(dialog).getByRole('textbox', { name: /^Last name/ }), 'Newman');
    await user.click(within(dialog).getByRole('textbox', { name: /^Buildings/ }));
    await user.click(await screen.findByRole('option', { name: 'HQ' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(calls.of('POST /user').map((request) => request.body)).toContainEqual(
        expect.objectContaining({
          username: 'newcomer',
          email: 'newcomer@example.com',
          lastName: 'Newman',
          firstName: null,
          role: 'ROLE_USER',
          buildingIds: [HQ],
        }),
      ),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'User created. They received an e-mail to verify their address and choose a password.',
      ),
    );
  });

  it("edits a user: a corporate role sees the whole company, so the user's buildings are taken away", async () => {
    const { calls, user } = await renderPage('ROLE_ADMIN');
    await screen.findByTestId('user-row-guard');
    await user.click(screen.getByRole('button', { name: 'Edit guard Doe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit guard Doe' });
    expect(await within(dialog).findByText('HQ')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('textbox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Corporate' }));
    expect(within(dialog).getByText('This role sees every building of the company.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: /Blocked/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const guard = people[1]!;
    await waitFor(() =>
      expect(calls.of('PATCH /user/:id')).toContainEqual(
        expect.objectContaining({
          params: { id: guard.id },
          body: expect.objectContaining({ role: 'ROLE_MASTER', blocked: true }),
        }),
      ),
    );
    await waitFor(() =>
      expect(
        calls.of('POST /user/:userId/buildings/:buildingId/:operation').map((request) => request.params),
      ).toContainEqual({ userId: guard.id, buildingId: HQ, operation: 'unassign' }),
    );
  });

  it('sets a password only when it meets the policy and is confirmed, and sends a reset link', async () => {
    const { calls, user } = await renderPage('ROLE_ADMIN');
    await screen.findByTestId('user-row-guard');
    await user.click(screen.getByRole('button', { name: 'Edit guard Doe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit guard Doe' });
    await within(dialog).findByText('HQ');

    await user.click(within(dialog).getByRole('button', { name: 'Send a reset link' }));
    await waitFor(() =>
      expect(calls.of('POST /user/:id/resetPassword').map((request) => request.params)).toContainEqual({
        id: people[1]!.id,
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'A link to choose a new password was sent to guard@example.com.',
      ),
    );

    await user.type(within(dialog).getByLabelText('New password'), 'Another1!');
    await user.type(within(dialog).getByLabelText('Confirm the password'), 'Another2!');
    await user.click(within(dialog).getByRole('button', { name: 'Set a password' }));
    expect(calls.of('POST /user/:id/changePassword')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Confirm the password'));
    await user.type(within(dialog).getByLabelText('Confirm the password'), 'Another1!');
    await user.click(within(dialog).getByRole('button', { name: 'Set a password' }));
    await waitFor(() =>
      expect(calls.of('POST /user/:id/changePassword')).toContainEqual(
        expect.objectContaining({
          params: { id: people[1]!.id },
          body: { password: 'Another1!', confirmPassword: 'Another1!' },
        }),
      ),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent("Password set. The user's sessions have ended."),
    );
  });
});
