import { dayInZone } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../i18n/testI18n.ts';
import type { RegistrationBody, RegistrationType } from './publicVisit.api.ts';
import { RegistrationPage } from './RegistrationPage.tsx';
import { fakeApi, registrationPage } from './testVisits.ts';
import { instantOfWallTime } from './zonedTime.ts';

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(cleanup);

const DAY = 24 * 3_600_000;

describe('/registration/{hash}', () => {
  it('asks who registers, then the building’s form, the day, time and duration, and registers', async () => {
    const user = userEvent.setup();
    const pageOf = vi.fn((_: string, visitorType: RegistrationType | null) =>
      Promise.resolve(
        visitorType ? registrationPage({ visitorType }) : registrationPage({ visitorType: null, checkInForm: null }),
      ),
    );
    const register = vi.fn((body: RegistrationBody) =>
      Promise.resolve({
        email: 'marie@example.test',
        scheduledAt: body.scheduledAt,
        scheduledDuration: body.scheduledDuration,
      }),
    );
    render(
      <RegistrationPage qrCodeKey="harbour-key" search="" api={fakeApi({ registrationPage: pageOf, register })} />,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Register your visit to Harbour House' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Visitor/ }));
    expect(pageOf).toHaveBeenLastCalledWith('harbour-key', 'VISITOR', expect.anything());

    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Some answers are missing or not valid.');
    expect(register).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Person you are visiting/), 'Grace Hopper');
    await user.type(screen.getByLabelText(/First name/), 'Marie');
    await user.type(screen.getByLabelText(/Last name/), 'Curie');
    await user.type(screen.getByLabelText(/E-mail/), 'marie@example.test');
    expect(screen.queryByLabelText(/Phone/)).not.toBeInTheDocument();
    const day = dayInZone(new Date(Date.now() + 3 * DAY), 'Europe/Paris');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: day } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '10:15' } });
    await user.selectOptions(screen.getByLabelText('Expected duration'), '1 h 30 min');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(register).toHaveBeenCalledWith({
      qrCodeKey: 'harbour-key',
      visitorType: 'VISITOR',
      checkInForm: { host: 'Grace Hopper', firstName: 'Marie', lastName: 'Curie', email: 'marie@example.test' },
      scheduledAt: instantOfWallTime(day, '10:15', 'Europe/Paris')?.toISOString(),
      scheduledDuration: 'PT1H30M',
      consentAccepted: false,
    });
    const dialog = await screen.findByRole('dialog', { name: /You are registered/ });
    expect(within(dialog).getByText(/Your invitation is on its way to marie@example\.test/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Register another visit' }));
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('');
  });

  it('takes the type from the link, asks the consent the building requires, and shows a refusal in the error modal', async () => {
    const user = userEvent.setup();
    const pageOf = vi.fn(() =>
      Promise.resolve(
        registrationPage({
          visitorType: 'CONTRACTOR',
          consentClauseActive: true,
          consentClauseText: 'We keep your name for 30 days.',
        }),
      ),
    );
    const register = vi.fn(() => Promise.reject(new ApiError(400, 'MEETING_IN_THE_PAST', 'past')));
    render(
      <RegistrationPage qrCodeKey="k" search="?visitorType=c" api={fakeApi({ registrationPage: pageOf, register })} />,
    );
    expect(await screen.findByText('Registering as: Contractor')).toBeInTheDocument();
    expect(pageOf).toHaveBeenCalledWith('k', 'CONTRACTOR', expect.anything());
    expect(screen.getByText('We keep your name for 30 days.')).toBeInTheDocument();
    for (const [label, value] of [
      [/Person you are visiting/, 'Grace Hopper'],
      [/First name/, 'Marie'],
      [/Last name/, 'Curie'],
      [/E-mail/, 'marie@example.test'],
    ] as const) {
      await user.type(screen.getByLabelText(label), value);
    }
    fireEvent.change(screen.getByLabelText('Date'), {
      target: { value: dayInZone(new Date(Date.now() + 2 * DAY), 'Europe/Paris') },
    });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '09:00' } });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(register).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('I have read and I accept these conditions.'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(register).toHaveBeenCalledWith(
      expect.objectContaining({ visitorType: 'CONTRACTOR', consentAccepted: true }),
    );
    const dialog = await screen.findByRole('dialog', { name: /The registration failed/ });
    expect(within(dialog).getByText(/would already be over/)).toBeInTheDocument();
  });

  it('says in the error modal when the building is unknown', async () => {
    const api = fakeApi({ registrationPage: vi.fn(() => Promise.reject(new ApiError(404, 'NOT_FOUND', 'nf'))) });
    render(<RegistrationPage qrCodeKey="nope" search="" api={api} />);
    expect(await screen.findByRole('dialog', { name: /Registration is not available/ })).toBeInTheDocument();
  });
});
