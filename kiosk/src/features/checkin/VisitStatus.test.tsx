import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VisitSummary } from '@vestibule/shared';
import { resources } from '@vestibule/shared/i18n';
import { initTestI18n } from '../../i18n/testI18n.ts';
import { localVisitSummary } from '../../offline/localVisitSummary.ts';
import { PersonStatus, VisitStatus } from './VisitPage.tsx';

const en = resources.en.publicVisit;

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(cleanup);

const checkedIn = new Date('2026-11-23T14:00:00Z');
const visit = (over: Partial<VisitSummary>): VisitSummary => ({
  id: '0192a0b0-0000-7000-8000-000000000001',
  identifier: 'K7QM3XHD',
  publicIdentifier: 'public-id',
  buildingId: '0192a0b0-0000-7000-8000-000000000002',
  buildingName: 'Lobby',
  visitorType: 'VISITOR',
  firstName: 'Ana',
  lastName: 'Lopez',
  host: null,
  scheduledAt: null,
  scheduledDuration: 'PT1H',
  checkedInAt: checkedIn.toISOString(),
  checkedOutAt: null,
  status: 'IN',
  allowed: true,
  flagged: false,
  ...over,
});

describe("a visit's link", () => {
  it('offers an overdue (LATE) visitor check-out, not check-in, and says the visit ran over', () => {
    const onCheckIn = vi.fn();
    render(<VisitStatus visit={visit({ status: 'LATE' })} onCheckIn={onCheckIn} />);
    expect(screen.getByRole('link', { name: en.checkIn.checkOut })).toHaveAttribute('href', '/checkOut/public-id');
    expect(screen.getByText(en.visit.overdue)).toBeVisible();
    expect(screen.queryByRole('button', { name: en.visit.checkInAgain })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.visit.checkInNow })).not.toBeInTheDocument();
  });

  it('offers a person who checked out to check in again', () => {
    render(
      <VisitStatus visit={visit({ status: 'OUT', checkedOutAt: new Date().toISOString() })} onCheckIn={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: en.visit.checkInAgain })).toBeVisible();
    expect(screen.queryByRole('link', { name: en.checkIn.checkOut })).not.toBeInTheDocument();
  });
});

describe('statuses the kiosk derives offline (shared rule)', () => {
  const building = { id: '0192a0b0-0000-7000-8000-000000000002', name: 'Lobby' };
  const local = {
    id: '0192a0b0-0000-7000-8000-000000000003',
    qrCodeKey: 'key',
    visitorType: 'VISITOR',
    firstName: 'Ana',
    lastName: 'Lopez',
    checkedInAt: checkedIn.toISOString(),
    checkedOutAt: null,
    identifier: 'K7QM3XHD',
    pin: '1234',
    publicIdentifier: 'public-id',
    scheduledAt: null,
    scheduledDuration: 'PT1H',
    source: 'device' as const,
  };

  it('is IN within the planned length, LATE after it, OUT once checked out', () => {
    const at = (minutes: number) => new Date(checkedIn.getTime() + minutes * 60_000);
    expect(localVisitSummary(local, building, at(59), 'UTC').status).toBe('IN');
    expect(localVisitSummary(local, building, at(61), 'UTC').status).toBe('LATE');
    expect(localVisitSummary({ ...local, checkedOutAt: at(30).toISOString() }, building, at(61), 'UTC').status).toBe(
      'OUT',
    );
  });

  it('is EXPIRED for an expected visit whose time is over, SOON or TODAY before it', () => {
    const expected = { ...local, checkedInAt: null, scheduledAt: '2026-11-23T15:00:00Z' };
    expect(localVisitSummary(expected, building, new Date('2026-11-23T16:30:00Z'), 'UTC').status).toBe('EXPIRED');
    expect(localVisitSummary(expected, building, new Date('2026-11-23T14:30:00Z'), 'UTC').status).toBe('SOON');
    expect(localVisitSummary(expected, building, new Date('2026-11-23T09:00:00Z'), 'UTC').status).toBe('TODAY');
  });

  it('is REFUSED for a check-in this device turned away at the door', () => {
    const refused = { ...local, checkedInAt: null, allowed: false };
    const summary = localVisitSummary(refused, building, new Date('2026-11-23T16:30:00Z'), 'UTC');
    expect([summary.status, summary.allowed]).toEqual(['REFUSED', false]);
  });
});

describe("a person's pass at the link", () => {
  it('greets the person by their first name and offers check-in', () => {
    const onCheckIn = vi.fn();
    render(<PersonStatus firstName="Ada" openVisit={null} onCheckIn={onCheckIn} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Ada');
    expect(screen.getByText(en.person.passReady)).toBeInTheDocument();
    screen.getByRole('button', { name: en.visit.checkInNow }).click();
    expect(onCheckIn).toHaveBeenCalledOnce();
  });

  it('offers a person already in their visit’s check-out instead', () => {
    render(<PersonStatus firstName="Ada" openVisit={visit({})} onCheckIn={vi.fn()} />);
    expect(screen.getByRole('link', { name: en.checkIn.checkOut }).getAttribute('href')).toBe('/checkOut/public-id');
    expect(screen.queryByRole('button', { name: en.visit.checkInNow })).toBeNull();
  });
});
