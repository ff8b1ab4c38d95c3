import { screen, waitFor, within } from '@testing-library/react';
import type { AttendanceReport, EntryReportVisits } from '@vestibule/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerCalls } from '../../../test/answerCalls.ts';
import { HQ, acme, userFixture } from '../../../test/fixtures.ts';
import { createTestSession, renderScreen, storeSignIn } from '../../../test/renderApp.tsx';
import { AbsenceReportPage } from './AbsenceReportPage.tsx';

// The attendance and absence screen: the period's figures, the rates by department and building,
// the people paged by the server with their expected, present and absent days; the filters sent
// to the server; a person's visits; the people's CSV. Calls answered at fetch by contract key.

const anna = '0190a8f2-0000-7000-8000-00000000a001';
const cleo = '0190a8f2-0000-7000-8000-00000000a003';

const report: AttendanceReport = {
  docs: [
    {
      id: anna,
      firstName: 'Anna',
      lastName: 'Ames',
      department: 'Sales',
      visitorType: 'EMPLOYEE',
      buildingId: HQ.id,
      buildingName: HQ.name,
      expectedDays: 5,
      attendedDays: 2,
      rate: 0.4,
      seenDays: ['2026-11-09', '2026-11-10'],
      absentDays: ['2026-11-11', '2026-11-12', '2026-11-13'],
    },
    {
      id: cleo,
      firstName: 'Cleo',
      lastName: 'Cole',
      department: null,
      visitorType: 'RESIDENT',
      buildingId: HQ.id,
      buildingName: HQ.name,
      expectedDays: 0,
      attendedDays: 0,
      rate: null,
      seenDays: [],
      absentDays: [],
    },
  ],
  totalDocs: 2,
  total: { people: 2, expectedDays: 5, attendedDays: 2, rate: 0.4, neverSeen: 1 },
  departments: [
    { department: 'Sales', people: 1, expectedDays: 5, attendedDays: 2, rate: 0.4, neverSeen: 0 },
    { department: null, people: 1, expectedDays: 0, attendedDays: 0, rate: null, neverSeen: 1 },
  ],
  buildings: [
    {
      buildingId: HQ.id,
      buildingName: HQ.name,
      workingDays: [1, 2, 3, 4, 5],
      people: 2,
      expectedDays: 5,
      attendedDays: 2,
      rate: 0.4,
      neverSeen: 1,
    },
  ],
  departmentNames: ['Sales'],
};

const annaVisits: EntryReportVisits = { totalDocs: 0, docs: [] };

async function renderReport() {
  storeSignIn({ ...userFixture('me', ['ROLE_MASTER']), tenant: acme, role: 'ROLE_MASTER' });
  const session = createTestSession();
  await session.getState().selectTenant(acme.id);
  return renderScreen(
    <MemoryRouter initialEntries={[`/absence-reports?b=${HQ.id}&from=2026-11-09&to=2026-11-15`]}>
      <AbsenceReportPage />
    </MemoryRouter>,
    session,
  );
}

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  vi.restoreAllMocks();
});

describe('the attendance and absence report', () => {
  it('shows the figures, the rates by department and building, and each person’s expected, present and absent days', async () => {
    const calls = answerCalls({ 'GET /reports/attendance': () => report });
    await renderReport();
    const people = await screen.findByRole('table', { name: 'People, 2 in all' });
    expect(cells(people)).toEqual([
      ['Name', 'Department', 'Building', 'Expected', 'Present', 'Rate', 'Days absent'],
      ['Anna Ames', 'Sales', 'HQ', '5', '2', '40%', expect.stringMatching(/2026.*11.*11.*, .*, /)],
      ['Cleo Cole', '', 'HQ', '0', '0', 'Not expected', ''],
    ]);
    expect(cells(screen.getByRole('table', { name: 'Attendance by department' }))).toEqual([
      ['Department', 'People', 'Expected days', 'Days present', 'Attendance rate', 'Never seen'],
      ['Sales', '1', '5', '2', '40%', '0'],
      ['No department', '1', '0', '0', '–', '1'],
    ]);
    expect(cells(screen.getByRole('table', { name: 'Attendance by building' }))[1]).toEqual([
      'HQ (Working days: Mon, Tue, Wed, Thu, Fri)',
      '2',
      '5',
      '2',
      '40%',
      '1',
    ]);
    expect(screen.getByTestId('summary-rate')).toHaveTextContent('40%');
    expect(screen.getByTestId('summary-neverSeen')).toHaveTextContent('1');
    expect(calls.last('GET /reports/attendance').query).toEqual({
      buildingIds: HQ.id,
      from: '2026-11-09',
      to: '2026-11-15',
      sort: 'name',
      page: '1',
      limit: '50',
    });
  });

  it('sends the filters to the server: department, never seen, sort', async () => {
    const calls = answerCalls({ 'GET /reports/attendance': () => report });
    const { user } = await renderReport();
    await screen.findByRole('table', { name: 'People, 2 in all' });
    await user.click(screen.getByRole('textbox', { name: 'Department' }));
    await user.click(await screen.findByRole('option', { name: 'Sales' }));
    await user.click(screen.getByRole('checkbox', { name: 'Only people never seen' }));
    await user.click(screen.getByRole('textbox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Lowest rate first' }));
    await waitFor(() =>
      expect(calls.last('GET /reports/attendance').query).toEqual({
        buildingIds: HQ.id,
        from: '2026-11-09',
        to: '2026-11-15',
        department: 'Sales',
        neverSeen: 'true',
        sort: 'rate',
        page: '1',
        limit: '50',
      }),
    );
  });

  it("opens a person's visits of the period and downloads the people as CSV", async () => {
    const calls = answerCalls({
      'GET /reports/attendance': () => report,
      'GET /reports/entries/visits': () => annaVisits,
      'GET /reports/attendance/people.csv': () =>
        new Response('Last name\nAmes\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    });
    const { user } = await renderReport();
    await user.click(await screen.findByRole('button', { name: 'Show the visits of Anna Ames' }));
    const dialog = await screen.findByRole('dialog', { name: 'Visits of Anna Ames' });
    expect(await within(dialog).findByText('No visits.')).toBeInTheDocument();
    expect(calls.last('GET /reports/entries/visits').query).toEqual({
      buildingIds: HQ.id,
      from: '2026-11-09',
      to: '2026-11-15',
      personId: anna,
      page: '1',
      limit: '25',
    });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:people'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Download people as CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.last('GET /reports/attendance/people.csv').query).toEqual({
      buildingIds: HQ.id,
      from: '2026-11-09',
      to: '2026-11-15',
      sort: 'name',
    });
  });

  it('says when no employee or resident matches', async () => {
    answerCalls({ 'GET /reports/attendance': () => ({ ...report, docs: [], totalDocs: 0 }) });
    await renderReport();
    expect(await screen.findByText('No employees or residents for these filters.')).toBeInTheDocument();
  });
});
