import { screen, waitFor, within } from '@testing-library/react';
import type { Role, Tenant } from '@vestibule/shared';
import { axeViolations } from '../../test/axe.ts';
import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../session/index.ts';
import { acme, userFixture } from '../../test/fixtures.ts';
import { renderScreen, storeSignIn } from '../../test/renderApp.tsx';
import { TenantsPage } from './TenantsPage.tsx';
import { answerTenants, tenantFixture } from './testing/tenantsAnswers.ts';
import { answerSession, json } from '../../test/answerCalls.ts';

/**
 * The Companies screen signed in as `role`, its calls answered from `companies`; the session's
 * GET /selectTenant answers from the same companies, as the server does.
 */
async function renderPage(role: Role, companies: Tenant[], occupied: string[] = []) {
  storeSignIn({ ...userFixture('me', [role]), role, tenant: null });
  const fake = answerTenants(companies, occupied);
  const selection = () => ({ tenant: acme, tenants: fake.refs(), buildings: [], googleConfig: null });
  answerSession({ 'GET /selectTenant': selection, 'GET /selectTenant/:tenantId': selection });
  const session = createSessionStore({
    storage: localStorage,
    noticeStorage: sessionStorage,
    now: () => Date.now(),
    navigate: () => undefined,
    reloadAt: () => undefined,
    currentPath: () => '/admin/tenants',
  });
  await session.getState().selectTenant();
  const { user } = renderScreen(<TenantsPage />, session);
  /** The companies the toolbar's selector offers. */
  const selectorNames = () => session.getState().tenants.map((tenant) => tenant.name);
  return { calls: fake.calls, user, selectorNames };
}

const rows = () =>
  within(screen.getByTestId('tenants-table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('companies list', () => {
  it('lists the companies with their city, building limit and status, sorted by name and paged', async () => {
    const many = Array.from({ length: 11 }, (_, index) =>
      tenantFixture(`Company ${String(index + 1).padStart(2, '0')}`),
    );
    const { user, calls } = await renderPage('ROLE_ADMIN', [
      tenantFixture('Acme Corporation', { licencesCount: 3 }),
      tenantFixture('Globex', { active: false, city: 'Springfield' }),
      ...many,
    ]);
    expect(await screen.findByRole('button', { name: 'Acme Corporation' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Companies']);
    expect(screen.getByText('1–10 of 13')).toBeInTheDocument();
    const acmeRow = screen.getByRole('row', { name: /Acme Corporation/ });
    expect(within(acmeRow).getByText('3')).toBeInTheDocument();
    expect(within(acmeRow).getByText('Active')).toBeInTheDocument();

    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Sort by Name' }));
    await waitFor(() => expect(rows()[0]).toBe('Globex'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(within(screen.getByRole('row', { name: /Globex/ })).getByText('Inactive')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Globex/ })).getByText('Springfield')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('11–13 of 13')).toBeInTheDocument();
    expect(calls.last('GET /tenant').query).toEqual(expect.objectContaining({ order: '-1', page: '2', limit: '10' }));
    expect(await axeViolations()).toEqual([]);
  });

  it('searches by name from the first page after a pause, and says when nothing matches', async () => {
    const { user, calls } = await renderPage('ROLE_ADMIN', [
      tenantFixture('Acme Corporation'),
      tenantFixture('Globex'),
    ]);
    await screen.findByRole('button', { name: 'Globex' });
    await user.type(screen.getByRole('searchbox', { name: 'Search companies' }), 'glob');
    await waitFor(() => expect(rows()).toEqual(['Globex']));
    expect(calls.last('GET /tenant').query).toEqual(expect.objectContaining({ search: 'glob', page: '1' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search companies' }), 'xyz');
    expect(await screen.findByText('No company matches the search.')).toBeInTheDocument();
  });

  it('lets technical users read the companies without any button to change them', async () => {
    await renderPage('ROLE_TECH_1', [tenantFixture('Acme Corporation')]);
    expect(await screen.findByText('Acme Corporation')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a company' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acme Corporation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Deactivate) / })).not.toBeInTheDocument();
    expect(screen.getByText('Only administrators change companies.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});

describe('adding a company', () => {
  it('creates the company with its corporate user, says the user got a verification e-mail, and the selector lists it at once', async () => {
    const { user, calls, selectorNames } = await renderPage('ROLE_ADMIN', [tenantFixture('Acme Corporation')]);
    await user.click(await screen.findByRole('button', { name: 'Add a company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a company' });
    expect(within(dialog).getByRole('group', { name: 'Corporate user' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add the company' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(3);
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveFocus();
    expect(calls.of('POST /tenantWithMaster')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Initech');
    await user.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Austin');
    await user.click(within(dialog).getByRole('textbox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'United States' }));
    const licences = within(dialog).getByRole('textbox', { name: /^Buildings allowed/ });
    await user.clear(licences);
    await user.type(licences, '3');
    await user.type(within(dialog).getByRole('textbox', { name: /^Username/ }), 'initech.master');
    const masterEmail = within(within(dialog).getByRole('group', { name: 'Corporate user' })).getByRole('textbox', {
      name: /^E-mail/,
    });
    await user.type(masterEmail, 'taken@example.com');
    expect(await within(dialog).findByText('this email is already taken')).toBeInTheDocument();
    expect(calls.last('GET /validateUserEmail').query).toEqual({ email: 'taken@example.com' });
    await user.click(within(dialog).getByRole('button', { name: 'Add the company' }));
    expect(calls.of('POST /tenantWithMaster')).toHaveLength(0);

    await user.clear(masterEmail);
    await user.type(masterEmail, 'bill@initech.example');
    await waitFor(() => expect(within(dialog).queryByText('this email is already taken')).not.toBeInTheDocument());
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Bill');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Lumbergh');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Add the company' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a company' })).not.toBeInTheDocument());
    expect(calls.of('POST /tenantWithMaster').map((request) => request.body)).toContainEqual({
      tenant: expect.objectContaining({
        name: 'Initech',
        city: 'Austin',
        countryCode: 'US',
        licencesCount: 3,
        active: true,
        address1: null,
      }),
      master: {
        username: 'initech.master',
        email: 'bill@initech.example',
        firstName: 'Bill',
        lastName: 'Lumbergh',
        userLocale: 'en',
      },
    });
    expect(
      await screen.findByText(
        'Company Initech added. bill@initech.example received an e-mail to verify the address and choose a password.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Initech' })).toBeInTheDocument();
    await waitFor(() => expect(selectorNames()).toEqual(['Acme Corporation', 'Initech']));
  });

  it('puts a username the server says is taken on its field', async () => {
    const { user, calls } = await renderPage('ROLE_ADMIN', [tenantFixture('Acme Corporation')]);
    calls.once(
      'POST /tenantWithMaster',
      json(409, { errorCode: 'USER_ALREADY_EXISTS', msg: 'This username is already taken.' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add a company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a company' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Initech');
    await user.type(within(dialog).getByRole('textbox', { name: /^Username/ }), 'admin');
    const group = within(dialog).getByRole('group', { name: 'Corporate user' });
    await user.type(within(group).getByRole('textbox', { name: /^E-mail/ }), 'new@initech.example');
    await user.click(within(dialog).getByRole('button', { name: 'Add the company' }));
    const username = within(dialog).getByRole('textbox', { name: /^Username/ });
    await waitFor(() => expect(username).toHaveAccessibleDescription(/This username is already taken\./));
    await waitFor(() => expect(username).toHaveFocus());
    expect(screen.getByRole('dialog', { name: 'Add a company' })).toBeInTheDocument();
  });
});

describe('changing a company', () => {
  it('edits a company; the list and the selector show the new name at once', async () => {
    const acmeCompany = tenantFixture('Acme Corporation', { address1: '1 King Street' });
    const { user, calls, selectorNames } = await renderPage('ROLE_ADMIN', [acmeCompany, tenantFixture('Globex')]);
    await user.click(await screen.findByRole('button', { name: 'Edit Acme Corporation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the company' });
    expect(within(dialog).queryByRole('group', { name: 'Corporate user' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Address' })).toHaveValue('1 King Street');
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Acme Holdings');
    // Who is where is off until the company turns it on.
    const whereabouts = within(dialog).getByRole('switch', { name: 'Show who is where today on the booking map' });
    expect(whereabouts).not.toBeChecked();
    expect(whereabouts).toHaveAccessibleDescription(/Off by default/);
    await user.click(whereabouts);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.of('PATCH /tenant/:id')).toContainEqual(
      expect.objectContaining({
        params: { id: acmeCompany.id },
        body: expect.objectContaining({
          name: 'Acme Holdings',
          address1: '1 King Street',
          licencesCount: 10,
          shareWhereabouts: true,
        }),
      }),
    );
    expect(await screen.findByRole('button', { name: 'Acme Holdings' })).toBeInTheDocument();
    await waitFor(() => expect(selectorNames()).toEqual(['Acme Holdings', 'Globex']));
  });

  it('deactivates a company after a question that says its users are signed out, and activates it again', async () => {
    const globex = tenantFixture('Globex');
    const { user, calls } = await renderPage('ROLE_ADMIN', [globex]);
    await user.click(await screen.findByRole('button', { name: 'Deactivate Globex' }));
    const question = await screen.findByRole('dialog', { name: 'Deactivate the company' });
    expect(question).toHaveTextContent(
      'Deactivate Globex? Its users are signed out at once and cannot sign in until it is active again.',
    );
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(calls.of('PATCH /tenant/:id')).toContainEqual(
        expect.objectContaining({ params: { id: globex.id }, body: { active: false } }),
      ),
    );
    expect(await within(screen.getByRole('row', { name: /Globex/ })).findByText('Inactive')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Activate Globex' }));
    const again = await screen.findByRole('dialog', { name: 'Activate the company' });
    await user.click(within(again).getByRole('button', { name: 'Activate' }));
    expect(await within(screen.getByRole('row', { name: /Globex/ })).findByText('Active')).toBeInTheDocument();
  });

  it('says why a company with buildings or users is not deleted, and deletes an empty one', async () => {
    const acmeCompany = tenantFixture('Acme Corporation');
    const empty = tenantFixture('Empty Co');
    const { user, calls, selectorNames } = await renderPage('ROLE_ADMIN', [acmeCompany, empty], [acmeCompany.id]);
    await user.click(await screen.findByRole('button', { name: 'Delete Acme Corporation' }));
    const question = await screen.findByRole('dialog', { name: 'Delete the company' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await within(question).findByRole('alert')).toHaveTextContent(
      'This company still has buildings or users: remove them first.',
    );
    expect(within(question).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(rows()).toEqual(['Acme Corporation', 'Empty Co']);

    await user.click(screen.getByRole('button', { name: 'Delete Empty Co' }));
    const second = await screen.findByRole('dialog', { name: 'Delete the company' });
    expect(within(second).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toEqual(['Acme Corporation']));
    expect(calls.last('DELETE /tenant/:id').params).toEqual({ id: empty.id });
    await waitFor(() => expect(selectorNames()).toEqual(['Acme Corporation']));
  });
});
