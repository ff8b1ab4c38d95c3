import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BuildingDialog } from './BuildingDialog.tsx';
import { buildingFixture, fakeBuildingsApi } from './testing/fakeBuildingsApi.ts';
import { renderWithBuildingsApi } from './testing/renderWithBuildingsApi.tsx';

describe('building address: city', () => {
  it('suggests the company’s cities as the city is typed, and still takes any other name', async () => {
    const fake = fakeBuildingsApi(buildingFixture({ city: 'Toronto' }));
    fake.api.cityNames.mockResolvedValue(['Halifax', 'Hamilton', 'Ottawa']);
    const { user } = renderWithBuildingsApi(
      <BuildingDialog buildingId={fake.current().id} onClose={vi.fn()} />,
      fake.api,
    );
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
      expect(fake.api.updateAddress).toHaveBeenCalledWith(
        fake.current().id,
        expect.objectContaining({ city: 'Dartmouth' }),
      ),
    );
    expect(fake.api.cityNames).toHaveBeenCalledTimes(1);
  });
});
