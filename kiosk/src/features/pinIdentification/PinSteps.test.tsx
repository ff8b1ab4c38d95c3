import type { PinIdentificationRequest, PinIdentificationResult } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { resources } from '@vestibule/shared/i18n';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../i18n/testI18n.ts';
import { PinSteps } from './PinSteps.tsx';

const en = resources.en.publicVisit;

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

type Identify = (body: PinIdentificationRequest) => Promise<PinIdentificationResult>;

function renderSteps(props: { method?: PinIdentificationResult['method']; kiosk?: boolean; identify?: Identify } = {}) {
  const identify = vi.fn<Identify>(props.identify ?? (() => Promise.resolve(identified)));
  const onIdentified = vi.fn();
  const onLeave = vi.fn();
  render(
    <PinSteps
      method={props.method ?? 'PERSONAL_PIN_AND_LASTNAME'}
      buildingPinAsked={!props.kiosk}
      identify={identify}
      onIdentified={onIdentified}
      onLeave={onLeave}
      checkOutHref={(publicIdentifier) =>
        props.kiosk ? '/buildingCheckOut/key-1' : publicIdentifier ? `/checkOut/${publicIdentifier}` : null
      }
    />,
  );
  return { identify, onIdentified, onLeave, user: userEvent.setup() };
}

/** Taps a PIN on the pad under the field labelled `label`. */
async function tap(user: ReturnType<typeof userEvent.setup>, label: string, pin: string) {
  const pad = within(screen.getByLabelText(label).closest('.pin-pad') as HTMLElement).getByRole('group', {
    name: en.pin.pad,
  });
  for (const digit of pin) await user.click(within(pad).getByRole('button', { name: digit }));
}

const backButtons = () => screen.getAllByRole('button', { name: en.back });

describe('PIN identification on a phone', () => {
  it('asks the building PIN on a pad, then the last name and personal PIN, and posts them together; no step count', async () => {
    const { user, identify, onIdentified, onLeave } = renderSteps();
    expect(screen.queryByText(/Step \d/)).toBeNull();
    await user.click(screen.getByRole('button', { name: en.pin.next }));
    expect(screen.getByText(en.pin.required)).toBeInTheDocument();
    await tap(user, en.pin.buildingPin, '4821');
    expect(screen.getByLabelText(en.pin.buildingPin)).toHaveValue('4821');
    await user.click(screen.getByRole('button', { name: en.pin.next }));
    await user.type(screen.getByLabelText(en.pin.lastName), ' Lovelace ');
    await tap(user, en.pin.personalPin, '1239');
    await user.click(screen.getByRole('button', { name: en.pin.erase }));
    await tap(user, en.pin.personalPin, '4');
    expect(backButtons()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: en.pin.submit }));
    await waitFor(() => expect(onIdentified).toHaveBeenCalled());
    expect(identify).toHaveBeenCalledWith({ buildingPin: '4821', personalPin: '1234', lastName: 'Lovelace' });
    expect(onLeave).not.toHaveBeenCalled();
  });

  it('takes digits only from a keyboard too, and its one Back goes one screen back, then leaves', async () => {
    const { user, onLeave } = renderSteps();
    await user.type(screen.getByLabelText(en.pin.buildingPin), '48a2{Enter}');
    expect(screen.getByLabelText(en.pin.personalPin)).toBeInTheDocument();
    await user.click(backButtons()[0]!);
    expect(screen.getByLabelText(en.pin.buildingPin)).toHaveValue('482');
    await user.click(backButtons()[0]!);
    expect(onLeave).toHaveBeenCalledOnce();
  });

  it('returns to the building PIN when it is wrong, and says why', async () => {
    const { user } = renderSteps({
      identify: () => Promise.reject(new ApiError(400, 'PIN_IDENTIFICATION_INVALID_PIN_BUILDING', 'wrong')),
    });
    await tap(user, en.pin.buildingPin, '0000');
    await user.click(screen.getByRole('button', { name: en.pin.next }));
    await user.type(screen.getByLabelText(en.pin.lastName), 'Lovelace');
    await tap(user, en.pin.personalPin, '1234');
    await user.click(screen.getByRole('button', { name: en.pin.submit }));
    expect((await screen.findByTestId('pin-error')).textContent).toBe(
      resources.en.errors.PIN_IDENTIFICATION_INVALID_PIN_BUILDING,
    );
    expect(screen.getByLabelText(en.pin.buildingPin)).toHaveValue('');
  });

  it('stays on the person’s screen for wrong credentials and too many attempts', async () => {
    const identify = vi
      .fn<Identify>()
      .mockRejectedValueOnce(new ApiError(400, 'PIN_IDENTIFICATION_BAD_CREDENTIALS', 'bad'))
      .mockRejectedValueOnce(new ApiError(429, 'PIN_IDENTIFICATION_MAXIMUM_ATTEMPTS_EXCEEDED', 'too many'));
    const { user } = renderSteps({ identify });
    await tap(user, en.pin.buildingPin, '4821');
    await user.click(screen.getByRole('button', { name: en.pin.next }));
    await user.type(screen.getByLabelText(en.pin.lastName), 'Lovelace');
    await tap(user, en.pin.personalPin, '9999');
    await user.click(screen.getByRole('button', { name: en.pin.submit }));
    expect((await screen.findByTestId('pin-error')).textContent).toBe(
      resources.en.errors.PIN_IDENTIFICATION_BAD_CREDENTIALS,
    );
    await user.click(screen.getByRole('button', { name: en.pin.submit }));
    await waitFor(() =>
      expect(screen.getByTestId('pin-error').textContent).toBe(
        resources.en.errors.PIN_IDENTIFICATION_MAXIMUM_ATTEMPTS_EXCEEDED,
      ),
    );
    expect(screen.getByLabelText(en.pin.lastName)).toHaveValue('Lovelace');
  });

  it('says a person already in is in, as information, with the link to check out of their visit', async () => {
    const { user } = renderSteps({
      identify: () =>
        Promise.reject(
          new ApiError(409, 'PIN_IDENTIFICATION_ALREADY_REGISTERED', 'in', { publicIdentifier: 'visit-public-id' }),
        ),
    });
    await tap(user, en.pin.buildingPin, '4821');
    await user.click(screen.getByRole('button', { name: en.pin.next }));
    await user.type(screen.getByLabelText(en.pin.lastName), 'Lovelace');
    await tap(user, en.pin.personalPin, '1234');
    await user.click(screen.getByRole('button', { name: en.pin.submit }));
    expect(await screen.findByRole('heading', { name: en.alreadyIn.title })).toHaveFocus();
    expect(screen.getByTestId('pin-already-in')).toHaveClass('notice-info');
    expect(screen.getByTestId('pin-already-in').textContent).toBe(en.pin.alreadyIn);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: en.checkIn.checkOut })).toHaveAttribute(
      'href',
      '/checkOut/visit-public-id',
    );
  });

  it('identifies by e-mail or employee number when the building lets the person choose', async () => {
    const { user, identify } = renderSteps({ method: 'PERSONAL_PIN_AND_AUTOCOMPLETE' });
    await tap(user, en.pin.buildingPin, '4821');
    await user.click(screen.getByRole('button', { name: en.pin.next }));
    await user.click(screen.getByRole('radio', { name: en.pin.byExternalId }));
    await user.type(screen.getByLabelText(en.pin.externalId), 'E-042');
    await tap(user, en.pin.personalPin, '1234');
    await user.click(screen.getByRole('button', { name: en.pin.submit }));
    await waitFor(() =>
      expect(identify).toHaveBeenCalledWith({ buildingPin: '4821', personalPin: '1234', externalId: 'E-042' }),
    );
  });

  it('posts the building PIN alone when that is the building’s method', async () => {
    const { user, identify } = renderSteps({ method: 'PIN_BUILDING_ONLY' });
    await tap(user, en.pin.buildingPin, '4821');
    await user.click(screen.getByRole('button', { name: en.pin.submit }));
    await waitFor(() => expect(identify).toHaveBeenCalledWith({ buildingPin: '4821' }));
  });
});

describe('PIN identification on an enrolled kiosk', () => {
  it('never asks the building PIN: the last name and personal PIN only, Back to the welcome screen', async () => {
    const { user, identify, onLeave } = renderSteps({ kiosk: true });
    expect(screen.queryByLabelText(en.pin.buildingPin)).toBeNull();
    await user.type(screen.getByLabelText(en.pin.lastName), 'Lovelace');
    await tap(user, en.pin.personalPin, '1234');
    await user.click(screen.getByRole('button', { name: en.pin.submit }));
    await waitFor(() => expect(identify).toHaveBeenCalledWith({ personalPin: '1234', lastName: 'Lovelace' }));
    await user.click(backButtons()[0]!);
    expect(onLeave).toHaveBeenCalledOnce();
  });

  it('sends a person already in to the kiosk’s check-out', async () => {
    const { user } = renderSteps({
      kiosk: true,
      identify: () => Promise.reject(new ApiError(409, 'PIN_IDENTIFICATION_ALREADY_REGISTERED', 'in')),
    });
    await user.type(screen.getByLabelText(en.pin.lastName), 'Lovelace');
    await tap(user, en.pin.personalPin, '1234');
    await user.click(screen.getByRole('button', { name: en.pin.submit }));
    expect(await screen.findByRole('link', { name: en.checkIn.checkOut })).toHaveAttribute(
      'href',
      '/buildingCheckOut/key-1',
    );
  });
});
