import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BuildingDialog } from './BuildingDialog.tsx';
import { answerBuildings, buildingFixture, cityList } from './testing/buildingsAnswers.ts';
import { renderBuildingScreen } from './testing/renderBuildingScreen.tsx';

describe('building address: city', () => {
  it('suggests the company’s cities as the city is typed, and still takes any other name', async () => {
    const fake = answerBuildings(buildingFixture({ city: 'Toronto' }), {
      answers: { 'GET /city': () => cityList(['Halifax', 'Hamilton', 'Ottawa']) },
    });
    const { user } = renderBuildingScreen(<BuildingDialog buildingId={fake.current().id} onClose={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Edit the building' });
    const city = await screen.findByRole('textbox', { name: /^City/ });
    await waitFor(() => expect(city).toHaveValue('Toronto'));
    await user.clear(city);
    await user.type(city, 'ha');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Halifax', 'Hamilton']);
    await user.click(within(listbox).getByRole('option', { name: 'Hamilton' }));
    expect(city).toHaveValue('Hamilton');

    await user.clear(city);
    await user.type(city, 'Dartmouth');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fake.calls.of('PATCH /building/:id')).toContainEqual(
        expect.objectContaining({
          params: { id: fake.current().id },
          body: expect.objectContaining({ city: 'Dartmouth' }),
        }),
      ),
    );
    expect(fake.calls.of('GET /city')).toHaveLength(1);
  });
});
