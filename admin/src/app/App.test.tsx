import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useNotificationStore } from '../features/notifications/notification.store.ts';
import { storageKeys } from '../storage/storageKeys.ts';
import { acme, loginResponse, tenantSelection } from '../test/fixtures.ts';
import { fakeEntryLog } from '../features/entryLog/testing/fakeEntryLog.ts';
import { renderApp } from '../test/renderApp.tsx';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('routes and guards', () => {
  it('sends a visitor to the login page, then back to the page they wanted', async () => {
    const { user, router } = renderApp('/admin/people?page=2');
    await heading('Log in');
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText(/Username/), 'admin');
    await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'Vestibule1!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await heading('People');
    expect(router.state.location.pathname).toBe('/admin/people');
    expect(router.state.location.search).toBe('?page=2');
  });

  it('sends a technical user to the users after login', async () => {
    const { user, router } = renderApp('/login', {
      session: { 'POST /login': () => loginResponse('tech1', ['ROLE_TECH_1']) },
    });
    await user.type(await screen.findByLabelText(/Username/), 'tech1');
    await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'Vestibule1!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await heading('Users');
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it('shows access denied when the role is not granted', async () => {
    renderApp('/admin/buildings', { as: { username: 'user', role: 'ROLE_USER' } });
    await heading('Access denied');
    expect(screen.getByText(/no privileges for this page, or your roles cannot be determined/)).toBeInTheDocument();
  });

  it('lets a user open the people page by its address', async () => {
    renderApp('/admin/people', { as: { username: 'user', role: 'ROLE_USER' } });
    await heading('People');
    expect(await screen.findByRole('table', { name: 'People of the company' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add person' })).not.toBeInTheDocument();
  });

  it('asks admin to select a company on a tenant page when none is selected', async () => {
    renderApp('/admin/users', { as: { username: 'admin', role: 'ROLE_ADMIN' }, tenant: null });
    await heading('Select a company');
    expect(screen.getByRole('button', { name: 'Select a company' })).toBeInTheDocument();
  });

  it('shows a not-found page for any other path', async () => {
    renderApp('/no/such/page');
    await heading('Page not found');
  });

  it('hides the toolbar and the footer on the floor print page', async () => {
    renderApp('/admin/floor/print/42', { as: { username: 'admin', role: 'ROLE_ADMIN' } });
    await heading('Floor plan');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('sends a signed-in user from / to their home screen, the entry log', async () => {
    fakeEntryLog([]);
    const { router } = renderApp('/', { as: { username: 'master', role: 'ROLE_MASTER' } });
    await heading('Entry log');
    expect(router.state.location.pathname).toBe('/check-in-out');
    expect(await screen.findByRole('table', { name: 'Visits' })).toHaveTextContent('No visits yet.');
  });

  it('clears the banners on every navigation', async () => {
    const { router } = renderApp('/', {});
    await heading('Welcome to Vestibule');
    useNotificationStore.getState().showError({ key: 'errors.NOT_FOUND' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
    await router.navigate('/signup');
    await heading('Sign up');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('toolbar', () => {
  it('shows visitors only About, sign up and login, besides theme and language', async () => {
    renderApp('/');
    await heading('Welcome to Vestibule');
    const items = screen.getByTestId('guest-menu-items');
    expect(within(items).getByRole('link', { name: 'About (opens in a new tab)' })).toHaveAttribute('target', '_blank');
    expect(within(items).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(within(items).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(items).queryByRole('link', { name: 'Entry log' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('admin-menu')).not.toBeInTheDocument();
  });

  it('gives admin the admin colour, the tenant name and the full admin menu', async () => {
    fakeEntryLog([]);
    const { user } = renderApp('/check-in-out', { as: { username: 'admin', role: 'ROLE_ADMIN' } });
    await heading('Entry log');
    expect(screen.getByRole('banner')).toHaveAttribute('data-tone', 'admin');
    expect(screen.getByTestId('tenant-name')).toHaveTextContent('Acme Corporation');
    expect(screen.getByRole('button', { name: 'Log out (admin)' })).toBeInTheDocument();

    await user.click(screen.getByTestId('admin-menu'));
    const menu = await screen.findByTestId('admin-menu-items');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Companies',
      'Users',
      'People',
      'Buildings',
      'Cities',
      'Floors',
      'Questionnaires',
      'Privacy',
      'Watchlist',
      'Integrations',
      'Tests',
      'Logs',
    ]);
  });

  it('lets admin select another company', async () => {
    fakeEntryLog([]);
    const { user, sessionCalls } = renderApp('/check-in-out', { as: { username: 'admin', role: 'ROLE_ADMIN' } });
    const selections = () => sessionCalls.received.filter((request) => request.key.startsWith('GET /selectTenant'));
    await heading('Entry log');
    await waitFor(() => expect(selections()).not.toHaveLength(0));
    await user.click(screen.getByRole('button', { name: /Company: Acme Corporation/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Select a company' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Company' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Globex' }));
    await user.click(within(dialog).getByRole('button', { name: 'Select' }));
    await waitFor(() =>
      expect(selections().at(-1)).toMatchObject({ params: { tenantId: '0190a8f2-0000-7000-8000-000000000002' } }),
    );
  });

  it("lets admin choose the entry log's company, the tab's company choice", async () => {
    fakeEntryLog([]);
    const { user, sessionCalls } = renderApp('/check-in-out', { as: { username: 'admin', role: 'ROLE_ADMIN' } });
    const selections = () => sessionCalls.received.filter((request) => request.key.startsWith('GET /selectTenant'));
    await heading('Entry log');
    await user.click(await screen.findByRole('textbox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'Globex' }));
    await waitFor(() =>
      expect(selections().at(-1)).toMatchObject({ params: { tenantId: '0190a8f2-0000-7000-8000-000000000002' } }),
    );
  });

  it('gives a space user no entry log, reports or admin menu, and the standard colour', async () => {
    renderApp('/profile', { as: { username: 'space', role: 'ROLE_SPACE' } });
    await heading('My profile');
    const items = screen.getByTestId('user-menu-items');
    expect(screen.getByRole('banner')).toHaveAttribute('data-tone', 'standard');
    expect(within(items).queryByRole('link', { name: 'Entry log' })).not.toBeInTheDocument();
    expect(within(items).getByTestId('spaces-menu')).toHaveTextContent('Spaces');
    expect(within(items).queryByTestId('reports-menu')).not.toBeInTheDocument();
    expect(within(items).queryByTestId('admin-menu')).not.toBeInTheDocument();
    expect(within(items).getByRole('link', { name: 'My profile' })).toHaveAttribute('aria-current', 'page');
  });

  it('tells a supervisor without an assigned building why the lists are empty', async () => {
    const selection = () => ({ ...tenantSelection(acme), buildings: [] });
    const noBuildings = { 'GET /selectTenant': selection, 'GET /selectTenant/:tenantId': selection };
    renderApp('/profile', { as: { username: 'supervisor', role: 'ROLE_SUPERVISOR' }, session: noBuildings });
    await heading('My profile');
    expect(await screen.findByTestId('no-building-notice')).toHaveTextContent(
      'You have no access to any building data. Ask your administrator to assign you a building.',
    );
  });

  it('shows no building notice to a corporate user, who sees every building of the company', async () => {
    const selection = () => ({ ...tenantSelection(acme), buildings: [] });
    const noBuildings = { 'GET /selectTenant': selection, 'GET /selectTenant/:tenantId': selection };
    renderApp('/profile', { as: { username: 'master', role: 'ROLE_MASTER' }, session: noBuildings });
    await heading('My profile');
    await waitFor(() => expect(screen.getByRole('banner')).toBeInTheDocument());
    expect(screen.queryByTestId('no-building-notice')).not.toBeInTheDocument();
  });

  it('switches the language, remembers it and sets the page language', async () => {
    const { user } = renderApp('/');
    await heading('Welcome to Vestibule');
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Français' }));
    await heading('Bienvenue sur Vestibule');
    expect(localStorage.getItem(storageKeys.locale)).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('switches to the dark theme and remembers it under the dark key', async () => {
    const { user } = renderApp('/');
    await heading('Welcome to Vestibule');
    const toggle = within(screen.getByTestId('guest-menu-items')).getByRole('switch', { name: 'Dark theme' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(localStorage.getItem(storageKeys.dark)).toBe('true');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  it('shows the product name and version in the footer', async () => {
    renderApp('/');
    await heading('Welcome to Vestibule');
    expect(within(screen.getByRole('contentinfo')).getByText(/Vestibule/)).toBeInTheDocument();
    expect(screen.getByTestId('app-version')).toHaveTextContent(/^Version \d+\.\d+\.\d+$/);
  });

  it('logs out to the login page', async () => {
    const { user, router } = renderApp('/profile', { as: { username: 'user', role: 'ROLE_USER' } });
    await heading('My profile');
    await user.click(screen.getByRole('button', { name: 'Log out (user)' }));
    await heading('Log in');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });

  it('ends an impersonation at logout by reloading the users page', async () => {
    fakeEntryLog([]);
    const { user, session, reloadAt } = renderApp('/admin/users', { as: { username: 'admin', role: 'ROLE_ADMIN' } });
    await heading('Users');
    await session.getState().logInAs('user');
    expect(await screen.findByRole('status')).toHaveTextContent('You are now logged in as user.');
    await heading('Entry log');
    await user.click(screen.getByRole('button', { name: 'Log out (user)' }));
    expect(reloadAt).toHaveBeenCalledWith('/admin/users');
    expect(localStorage.getItem(storageKeys.token)).toBe('token-of-admin');
  });

  it("shows the banner for a session an administrator's sign-in link opened, and ends it there", async () => {
    fakeEntryLog([]);
    const { user, router } = renderApp('/sso/one-time-token', {
      session: {
        'GET /sso/:token': () => ({ ...loginResponse('dora', ['ROLE_SUPERVISOR']), impersonatedBy: 'admin' }),
      },
    });
    await heading('Entry log');
    expect(screen.getByTestId('impersonation-notice')).toHaveTextContent(
      'You are working as dora. Everything you do is recorded as done by admin acting as them.',
    );
    // No session of the administrator's in this browser: the way back is signing out.
    expect(screen.queryByRole('button', { name: 'Return to admin' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'End this session' }));
    await heading('Log in');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });

  it('says on every page who the administrator works as, and returns them from there', async () => {
    fakeEntryLog([]);
    const { user, session, reloadAt } = renderApp('/profile', { as: { username: 'admin', role: 'ROLE_ADMIN' } });
    await heading('My profile');
    expect(screen.queryByTestId('impersonation-notice')).not.toBeInTheDocument();
    await session.getState().logInAs('user');
    await heading('Entry log');
    expect(screen.getByTestId('impersonation-notice')).toHaveTextContent(
      'You are working as user. Everything you do is recorded as done by admin acting as them.',
    );
    await user.click(screen.getByRole('button', { name: 'Return to admin' }));
    expect(reloadAt).toHaveBeenCalledWith('/admin/users');
    expect(localStorage.getItem(storageKeys.token)).toBe('token-of-admin');
  });
});
