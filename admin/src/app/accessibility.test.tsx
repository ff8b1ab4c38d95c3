import { screen } from '@testing-library/react';
import { axeViolations } from '../test/axe.ts';
import { describe, expect, it } from 'vitest';
import { answerCalls, json } from '../test/answerCalls.ts';
import { TOKEN } from '../features/account/accountTesting.ts';
import { fakeEntryLog, visitFixture } from '../features/entryLog/testing/fakeEntryLog.ts';
import { renderApp } from '../test/renderApp.tsx';
import { HQ } from '../test/fixtures.ts';
import { fakeFloors, floorFixture, planImage, rect, spaceFixture } from '../features/floors/testing/fakeFloors.ts';

// The browser scenarios run axe-core with colour contrast on real pages; here jsdom
// checks the rest (names, roles, landmarks, headings) on every screen, fast.
/** The entry log's calls answered with a visit in each state the list draws differently. */
const entryLog = () =>
  fakeEntryLog([
    visitFixture('Anne', 'Leroy', { flagged: true }),
    visitFixture('Bob', 'Stone', { status: 'IN', checkedInAt: '2026-03-02T08:15:00.000Z' }),
    visitFixture('Carla', 'Diaz', { status: 'LATE', checkedInAt: '2026-03-02T07:00:00.000Z' }),
    visitFixture('Dan', 'Brown', {
      status: 'OUT',
      checkedInAt: '2026-03-02T08:00:00.000Z',
      checkedOutAt: '2026-03-02T09:00:00.000Z',
    }),
    visitFixture('Eve', 'Refused', { status: 'REFUSED', allowed: false, refusal: 'TEMPERATURE' }),
  ]);

/** A floor with its plan and spaces of each kind, one not available and one not placed. */
const floorPlan = floorFixture({ id: '0190a8f2-0000-7000-8000-00000000f001', name: 'Level 1', image: planImage });
const floors = () =>
  fakeFloors({
    floors: [floorPlan],
    spaces: [
      spaceFixture(floorPlan, 'Board room', { kind: 'ROOM', shape: rect(0.1, 0.1, 0.2, 0.3) }),
      spaceFixture(floorPlan, 'Desk 1', { shape: rect(0.4, 0.1), available: false }),
      spaceFixture(floorPlan, 'Locker', { kind: 'OTHER' }),
    ],
  });
const admin = { username: 'admin', role: 'ROLE_ADMIN' };

const screens: {
  path: string;
  heading: string;
  as?: { username: string; role: string };
  /** Answers the screen's calls. */
  calls?: () => unknown;
  /** What the screen shows once its calls are answered. */
  ready?: () => Promise<unknown>;
}[] = [
  { path: '/', heading: 'Welcome to Vestibule' },
  { path: '/login', heading: 'Log in' },
  { path: '/signup', heading: 'Sign up' },
  { path: '/help', heading: 'Help' },
  { path: '/forgot', heading: 'Forgot your password' },
  { path: '/nowhere', heading: 'Page not found' },
  { path: '/check-in-out', heading: 'Entry log', as: { username: 'admin', role: 'ROLE_ADMIN' }, calls: entryLog },
  { path: '/check-in-out', heading: 'Entry log', as: { username: 'space', role: 'ROLE_SPACE' }, calls: entryLog },
  { path: '/admin/users', heading: 'Users', as: { username: 'tech1', role: 'ROLE_TECH_1' } },
  { path: '/admin/buildings', heading: 'Buildings', as: { username: 'master', role: 'ROLE_MASTER' } },
  { path: '/admin/logs', heading: 'Access denied', as: { username: 'supervisor', role: 'ROLE_SUPERVISOR' } },
  { path: '/spacebooking/map', heading: 'Booking map', as: { username: 'space', role: 'ROLE_SPACE' } },
  { path: '/profile', heading: 'My profile', as: { username: 'user', role: 'ROLE_USER' } },
  { path: '/admin/floor/print/1', heading: 'Floor plan', as: admin },
  { path: `/admin/floor/print/${floorPlan.id}`, heading: `${HQ.name} – Level 1`, as: admin, calls: floors },
  {
    path: `/admin/floors?building=${HQ.id}`,
    heading: 'Floors',
    as: admin,
    calls: floors,
    ready: () => screen.findByRole('table', { name: 'Floors of the building' }),
  },
  {
    path: `/admin/spaces?building=${HQ.id}&view=list`,
    heading: 'Spaces',
    as: admin,
    calls: floors,
    ready: () => screen.findByRole('table', { name: 'Spaces of Level 1' }),
  },
  {
    path: `/admin/spaces?building=${HQ.id}&view=map`,
    heading: 'Spaces',
    as: admin,
    calls: floors,
    ready: () => screen.findByRole('application', { name: 'Map of Level 1' }),
  },
];

describe('accessibility (axe-core, without colour contrast)', () => {
  it.each(screens)('$path has no violations', async ({ path, heading, as, calls, ready }) => {
    calls?.();
    renderApp(path, as ? { as } : {});
    await screen.findByRole('heading', { level: 1, name: heading });
    await ready?.();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await axeViolations()).toEqual([]);
  });

  it('the open admin menu and the tenant dialog have no violations', async () => {
    entryLog();
    const { user } = renderApp('/check-in-out', { as: { username: 'admin', role: 'ROLE_ADMIN' } });
    await screen.findByRole('heading', { level: 1, name: 'Entry log' });
    await user.click(screen.getByTestId('admin-menu'));
    await screen.findByRole('menu');
    expect(await axeViolations()).toEqual([]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('tenant-selector'));
    await screen.findByRole('dialog', { name: 'Select a company' });
    expect(await axeViolations()).toEqual([]);
  });

  it('the mobile sidebar has no violations', async () => {
    entryLog();
    const { user } = renderApp('/check-in-out', { as: { username: 'master', role: 'ROLE_MASTER' } });
    await screen.findByRole('heading', { level: 1, name: 'Entry log' });
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });
    expect(await axeViolations()).toEqual([]);
  });

  it('the reset and verification pages, their forms showing errors, have no violations', async () => {
    const linkUser = () => json(200, { username: 'uma', email: 'uma@example.com', passwordRequired: true });
    answerCalls({ 'GET /user/byResetPasswordToken': linkUser, 'GET /user/byVerificationToken': linkUser });
    for (const [path, heading, submit] of [
      [`/reset/${TOKEN}`, 'Choose a new password', 'Change password'],
      [`/verify/${TOKEN}`, 'Verify your account', 'Verify'],
    ] as const) {
      const { user, unmount } = renderApp(path);
      await screen.findByRole('heading', { level: 1, name: heading });
      await user.click(await screen.findByRole('button', { name: submit }));
      await screen.findAllByText('This field is required');
      expect(await axeViolations()).toEqual([]);
      unmount();
    }
  });
});
