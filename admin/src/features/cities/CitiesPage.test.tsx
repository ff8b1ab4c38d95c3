import { screen, waitFor, within } from '@testing-library/react';
import type { City } from '@vestibule/shared/contract';
import { axeViolations } from '../../test/axe.ts';
import { describe, expect, it } from 'vitest';
import { answerCalls, json } from '../../test/answerCalls.ts';
import { renderScreen, storeSignIn } from '../../test/renderApp.tsx';
import { CitiesPage } from './CitiesPage.tsx';

let sequence = 0;
const cityOf = (name: string): City => {
  sequence += 1;
  return {
    id: `0190a8f2-0000-7000-8000-${String(sequence).padStart(12, '0')}`,
    name,
    createdAt: '2026-03-01T09:00:00.000Z',
  };
};

/** The cities calls answered like the server: by name in any case, searched, paged, unique whatever the case. */
function answerCities(names: string[]) {
  let cities = names.map(cityOf);
  const taken = (name: string, id?: string) =>
    cities.some((city) => city.id !== id && city.name.toLowerCase() === name.trim().toLowerCase());
  const refused = () => json(409, { errorCode: 'CITY_ALREADY_EXISTS', msg: 'This city already exists.' });
  return answerCalls({
    'GET /city': ({ query }) => {
      const [order, page, limit] = [Number(query.order), Number(query.page), Number(query.limit)];
      const found = cities
        .filter((city) => !query.search || city.name.toLowerCase().includes(query.search.toLowerCase()))
        .sort((a, b) => a.name.localeCompare(b.name) * order);
      return { docs: found.slice((page - 1) * limit, page * limit), totalDocs: found.length };
    },
    'POST /city': ({ body }) => {
      if (taken(body.name)) return refused();
      const city = cityOf(body.name.trim());
      cities = [...cities, city];
      return city;
    },
    'PATCH /city/:id': ({ params, body }) => {
      if (taken(body.name, params.id)) return refused();
      cities = cities.map((city) => (city.id === params.id ? { ...city, name: body.name.trim() } : city));
      return cities.find((city) => city.id === params.id) ?? cityOf(body.name);
    },
    'DELETE /city/:id': ({ params }) => {
      cities = cities.filter((city) => city.id !== params.id);
      return { ok: true };
    },
  });
}

function renderPage(names: string[]) {
  storeSignIn({ username: 'supervisor', role: 'ROLE_SUPERVISOR' });
  const calls = answerCities(names);
  const { user } = renderScreen(<CitiesPage />);
  return { calls, user };
}

const shown = () =>
  within(screen.getByTestId('cities-table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('cities', () => {
  it('lists the company’s cities by name, sorts and searches them', async () => {
    const { user } = renderPage(['Toronto', 'Halifax', 'Ottawa', 'Montréal']);
    await waitFor(() => expect(shown()).toEqual(['Halifax', 'Montréal', 'Ottawa', 'Toronto']));
    expect(screen.getByRole('heading', { level: 1, name: 'Cities' })).toBeInTheDocument();
    expect(screen.getByText('1–4 of 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sort by City' }));
    await waitFor(() => expect(shown()).toEqual(['Toronto', 'Ottawa', 'Montréal', 'Halifax']));
    expect(screen.getByRole('columnheader', { name: /City/ })).toHaveAttribute('aria-sort', 'descending');
    await user.type(screen.getByRole('searchbox', { name: 'Search cities' }), 'ta');
    await waitFor(() => expect(shown()).toEqual(['Ottawa']));
    await user.type(screen.getByRole('searchbox', { name: 'Search cities' }), 'zz');
    expect(await screen.findByText('No city matches the search.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('adds a city, refusing on the field a name the company already has', async () => {
    const { user, calls } = renderPage(['Toronto']);
    await waitFor(() => expect(shown()).toEqual(['Toronto']));
    await user.click(screen.getByRole('button', { name: 'Add a city' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a city' });
    const name = within(dialog).getByRole('textbox', { name: /^City/ });
    expect(name).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('This field is required');
    expect(calls.of('POST /city')).toHaveLength(0);

    await user.type(name, 'toronto{Enter}');
    await waitFor(() => expect(name).toHaveAccessibleDescription('This city already exists.'));
    expect(name).toHaveFocus();
    expect(await axeViolations()).toEqual([]);
    await user.clear(name);
    expect(name).not.toHaveAccessibleDescription('This city already exists.');
    await user.type(name, 'Halifax{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(shown()).toEqual(['Halifax', 'Toronto']));
    expect(screen.getByText('Saved successfully.')).toBeInTheDocument();
  });

  it('renames a city and deletes one after confirmation only', async () => {
    const { user, calls } = renderPage(['Quebec', 'Toronto']);
    await user.click(await screen.findByRole('button', { name: 'Rename Quebec' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the city' });
    const name = within(dialog).getByRole('textbox', { name: /^City/ });
    expect(name).toHaveValue('Quebec');
    await user.clear(name);
    await user.type(name, 'Québec');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shown()).toEqual(['Québec', 'Toronto']));

    await user.click(screen.getByRole('button', { name: 'Delete Toronto' }));
    const question = await screen.findByRole('dialog', { name: 'Delete the city' });
    expect(question).toHaveTextContent('Delete Toronto? Addresses that name it keep it.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete the city' })).not.toBeInTheDocument());
    expect(calls.of('DELETE /city/:id')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Toronto' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete the city' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(shown()).toEqual(['Québec']));
  });
});
