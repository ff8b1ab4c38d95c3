import { screen, waitFor, within } from '@testing-library/react';
import { axeViolations } from '../../test/axe.ts';
import { describe, expect, it } from 'vitest';
import { BuildingsPage } from './BuildingsPage.tsx';
import { answerBuildings, buildingFixture } from './testing/buildingsAnswers.ts';
import { renderBuildingScreen } from './testing/renderBuildingScreen.tsx';

function renderPage() {
  const building = buildingFixture({ name: 'Head office', city: 'Toronto' });
  const fake = answerBuildings(building, {
    answers: {
      'GET /building': ({ query }) => ({
        docs: query.search === 'nothing' ? [] : [building],
        totalDocs: query.search === 'nothing' ? 0 : 42,
      }),
    },
  });
  const view = renderBuildingScreen(<BuildingsPage />);
  return { ...view, fake, building };
}

describe('buildings list', () => {
  it('lists the buildings with one h1, sorts by a column and pages', async () => {
    const { user, fake } = renderPage();
    expect(await screen.findByRole('button', { name: 'Head office' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(fake.calls.last('GET /building').query).toEqual({
      sort: 'name',
      order: '1',
      page: '1',
      limit: '10',
      search: '',
    });
    expect(screen.getByText('1–10 of 42')).toBeInTheDocument();

    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Sort by Name' }));
    await waitFor(() =>
      expect(fake.calls.last('GET /building').query).toEqual(expect.objectContaining({ sort: 'name', order: '-1' })),
    );
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Sort by City' }));
    await waitFor(() =>
      expect(fake.calls.last('GET /building').query).toEqual(expect.objectContaining({ sort: 'city', order: '1' })),
    );

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(fake.calls.last('GET /building').query).toEqual(expect.objectContaining({ page: '3' })));
    expect(await screen.findByText('21–30 of 42')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it("shows each building's Building Id, or the id a people file may name it by when it has none", async () => {
    const { building } = renderPage();
    const row = (await screen.findByRole('button', { name: 'Head office' })).closest('tr')!;
    // The fixture has no Building Id of its own.
    expect(building.externalId).toBeNull();
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent(building.id);
  });

  it('searches from the first page', async () => {
    const { user, fake } = renderPage();
    await screen.findByRole('button', { name: 'Head office' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(fake.calls.last('GET /building').query).toEqual(expect.objectContaining({ page: '2' })));
    await user.type(screen.getByRole('searchbox', { name: /Search buildings/ }), 'nothing');
    await waitFor(() =>
      expect(fake.calls.last('GET /building').query).toEqual(expect.objectContaining({ search: 'nothing', page: '1' })),
    );
    expect(await screen.findByText('No building matches the search.')).toBeInTheDocument();
  });

  it('deletes a building after confirmation only', async () => {
    const { user, fake, building } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Head office' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the building' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fake.calls.of('DELETE /building/:id')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Head office' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete the building' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() =>
      expect(fake.calls.of('DELETE /building/:id').map((request) => request.params)).toContainEqual({
        id: building.id,
      }),
    );
  });

  it('opens the dialog from a row; Cancel closes it and the next opening starts on the first tab', async () => {
    const { user, fake } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Head office' }));
    await screen.findByRole('dialog', { name: 'Edit the building' });
    await user.click(await screen.findByRole('tab', { name: 'Kiosk devices' }));
    await user.type(await screen.findByRole('textbox', { name: /^Success text/ }), 'Welcome');
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit the building' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit Head office' }));
    await screen.findByRole('dialog', { name: 'Edit the building' });
    expect(await screen.findByRole('tab', { name: 'Address and contact' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Kiosk devices' }));
    expect(await screen.findByRole('textbox', { name: /^Success text/ })).toHaveValue('');
    await user.click(screen.getByRole('tab', { name: 'QR codes' }));
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument();
    expect(fake.calls.of('GET /building/:id')).toHaveLength(2);
  });

  // One test per tab: axe over a whole dialog takes seconds on a busy machine.
  it.each([
    'Address and contact',
    'General settings',
    'Check-in form',
    'Questionnaires',
    'Exit questionnaires',
    'Cameras',
    'Kiosk devices',
    'QR codes',
  ])('has no accessibility violations on the dialog tab %s', async (name) => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Head office' }));
    await screen.findByRole('dialog', { name: 'Edit the building' });
    await user.click(await screen.findByRole('tab', { name }));
    await waitFor(() => expect(screen.queryByLabelText('Loading…')).not.toBeInTheDocument());
    expect(await axeViolations(), name).toEqual([]);
  });
});
