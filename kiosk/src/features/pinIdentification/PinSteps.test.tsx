import type { PinIdentificationRequest, PinIdentificationResult } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../i18n/testI18n.ts';
import { PinSteps } from './PinSteps.tsx';

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(cleanup);

const identified: PinIdentificationResult = {
  method: 'PERSONAL_PIN_AND_LASTNAME',
  person: null,
  ticket: 'ticket',
  ticketExpiresAt: '2026-11-25T12:15:00Z',
};

describe('PIN identification, step by step', () => {
  it('asks the building PIN, then the personal PIN and last name, and posts them together', async () => {
    const user = userEvent.setup();
    const identify = vi.fn((body: PinIdentificationRequest) =>
      Promise.resolve({ ...identified, method: 'PERSONAL_PIN_AND_LASTNAME' as const, body }),
    );
    const onIdentified = vi.fn();
    render(<PinSteps method="PERSONAL_PIN_AND_LASTNAME" identify={identify} onIdentified={onIdentified} />);
    expect(screen.getByTestId('pin-step').textContent).toBe('Step 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Building PIN code'), '4821{Enter}');
    expect(screen.getByTestId('pin-step').textContent).toBe('Step 2 of 3');
    await user.type(screen.getByLabelText('Your personal PIN'), '123456');
    await user.type(screen.getByLabelText('Your last name'), ' Lovelace ');
    await user.click(screen.getByRole('button', { name: 'Identify me' }));
    await waitFor(() => expect(onIdentified).toHaveBeenCalled());
    expect(identify).toHaveBeenCalledWith({ buildingPin: '4821', personalPin: '123456', lastName: 'Lovelace' });
  });

  it('returns to step 1 when the building PIN is wrong, and says why', async () => {
    const user = userEvent.setup();
    const identify = vi.fn(() =>
      Promise.reject(new ApiError(400, 'PIN_IDENTIFICATION_INVALID_PIN_BUILDING', 'wrong building PIN')),
    );
    render(<PinSteps method="PERSONAL_PIN_AND_LASTNAME" identify={identify} onIdentified={vi.fn()} />);
    await user.type(screen.getByLabelText('Building PIN code'), '0000{Enter}');
    await user.type(screen.getByLabelText('Your personal PIN'), '1234');
    await user.type(screen.getByLabelText('Your last name'), 'Lovelace{Enter}');
    expect((await screen.findByTestId('pin-error')).textContent).toBe('The building PIN is not valid.');
    expect(screen.getByTestId('pin-step').textContent).toBe('Step 1 of 3');
    expect((screen.getByLabelText('Building PIN code') as HTMLInputElement).value).toBe('');
  });

  it('stays on step 2 for wrong credentials and too many attempts', async () => {
    const user = userEvent.setup();
    const identify = vi
      .fn<(body: PinIdentificationRequest) => Promise<PinIdentificationResult>>()
      .mockRejectedValueOnce(new ApiError(400, 'PIN_IDENTIFICATION_BAD_CREDENTIALS', 'bad'))
      .mockRejectedValueOnce(new ApiError(429, 'PIN_IDENTIFICATION_MAXIMUM_ATTEMPTS_EXCEEDED', 'too many'));
    render(<PinSteps method="PERSONAL_PIN_AND_LASTNAME" identify={identify} onIdentified={vi.fn()} />);
    await user.type(screen.getByLabelText('Building PIN code'), '4821{Enter}');
    await user.type(screen.getByLabelText('Your personal PIN'), '9999');
    await user.type(screen.getByLabelText('Your last name'), 'Lovelace{Enter}');
    expect((await screen.findByTestId('pin-error')).textContent).toBe('The PIN or the name is not correct.');
    expect(screen.getByTestId('pin-step').textContent).toBe('Step 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Identify me' }));
    await waitFor(() =>
      expect(screen.getByTestId('pin-error').textContent).toBe('Too many attempts. Please try again in a few minutes.'),
    );
  });

  it('identifies by e-mail or employee number when the building lets the person choose', async () => {
    const user = userEvent.setup();
    const identify = vi.fn((_body: PinIdentificationRequest) => Promise.resolve(identified));
    render(<PinSteps method="PERSONAL_PIN_AND_AUTOCOMPLETE" identify={identify} onIdentified={vi.fn()} />);
    await user.type(screen.getByLabelText('Building PIN code'), '4821{Enter}');
    await user.type(screen.getByLabelText('Your personal PIN'), '1234');
    await user.click(screen.getByRole('radio', { name: 'Employee number' }));
    await user.type(screen.getByLabelText('Your employee number'), 'E-042{Enter}');
    await waitFor(() =>
      expect(identify).toHaveBeenCalledWith({ buildingPin: '4821', personalPin: '1234', externalId: 'E-042' }),
    );
  });

  it('posts the building PIN alone when that is the building’s method', async () => {
    const user = userEvent.setup();
    const identify = vi.fn((_body: PinIdentificationRequest) => Promise.resolve(identified));
    render(<PinSteps method="PIN_BUILDING_ONLY" identify={identify} onIdentified={vi.fn()} />);
    expect(screen.getByTestId('pin-step').textContent).toBe('Step 1 of 2');
    await user.type(screen.getByLabelText('Building PIN code'), '4821');
    await user.click(screen.getByRole('button', { name: 'Identify me' }));
    await waitFor(() => expect(identify).toHaveBeenCalledWith({ buildingPin: '4821' }));
  });
});
