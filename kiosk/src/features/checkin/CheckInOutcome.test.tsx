import { cleanup, render, screen } from '@testing-library/react';
import type { CheckInResponse } from '@vestibule/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../i18n/testI18n.ts';
import { kioskConfig } from '../kiosk/kioskTesting.ts';
import { CheckInOutcome } from './CheckInOutcome.tsx';

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(cleanup);

const answer = (changes: Partial<CheckInResponse>): CheckInResponse => ({
  allowed: false,
  checkIn: false,
  meetingIdentifier: null,
  publicIdentifier: null,
  pin: null,
  flagged: false,
  refusal: null,
  held: false,
  message: '',
  entryLogItem: null,
  ...changes,
});

function show(response: CheckInResponse) {
  render(
    <CheckInOutcome
      response={response}
      building={kioskConfig().building.building}
      kiosk={false}
      visitorType="VISITOR"
      onDone={vi.fn()}
    />,
  );
}

describe('the outcome of a check-in the watchlist stopped', () => {
  it('asks a held visitor to wait at the reception, neither let in nor refused, with no code', () => {
    show(answer({ held: true, message: 'Please wait at the reception: someone will be with you in a moment.' }));
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Please wait a moment');
    expect(heading).toHaveFocus();
    expect(heading.closest('section')).toHaveAttribute('data-outcome', 'held');
    expect(screen.getByText('Please wait at the reception: someone will be with you in a moment.')).toBeInTheDocument();
    expect(screen.queryByTestId('visit-code')).not.toBeInTheDocument();
  });

  it('tells a refused visitor to see the reception, and nothing of the list', () => {
    show(answer({ refusal: 'WATCHLIST', message: 'Please see the reception.' }));
    expect(screen.getByRole('heading', { level: 1 }).closest('section')).toHaveAttribute('data-outcome', 'refused');
    expect(screen.getByText('Please see the reception.')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/watchlist/i);
  });
});
