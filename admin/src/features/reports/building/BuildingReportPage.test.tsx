import { screen, within } from '@testing-library/react';
import type { BuildingReport, BuildingReportOfBuilding } from '@vestibule/shared';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { answerCalls, refusal } from '../../../test/answerCalls.ts';
import { axeViolations } from '../../../test/axe.ts';
import { HQ, acme, tenantSelection, userFixture } from '../../../test/fixtures.ts';
import { createTestSession, renderScreen, storeSignIn } from '../../../test/renderApp.tsx';
import { BuildingReportPage } from './BuildingReportPage.tsx';

// The building report screen: the key figures of each building side by side, each building's
// days, the CSV of a table, the empty period, a failed load. Calls answered at fetch by contract
// key (test/answerCalls.ts); the file a CSV button saves is caught where the browser would get it.

const saved = vi.hoisted(() => [] as { text: string; fileName: string }[]);
vi.mock('../../../format/saveTextFile.ts', () => ({
  saveTextFile: (text: string, fileName: string) => saved.push({ text, fileName }),
}));

const ANNEX = { id: '0190a8f2-0000-7000-8000-0000000000b2', name: 'Annex' };
const noHours = () => Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
const types = (VISITOR: number, CONTRACTOR = 0, EMPLOYEE = 0, RESIDENT = 0) => ({
  VISITOR,
  CONTRACTOR,
  EMPLOYEE,
  RESIDENT,
});

function building(
  id: string,
  name: string,
  totals: Partial<BuildingReportOfBuilding['totals']>,
  days: BuildingReportOfBuilding['days'],
): BuildingReportOfBuilding {
  return {
    building: { id, name, timeZoneId: 'America/Toronto' },
    totals: {
      visits: 0,
      people: 0,
      averageStayMinutes: null,
      medianStayMinutes: null,
      noShows: 0,
      refusals: 0,
      overdue: 0,
      autoCheckOuts: 0,
      returning: 0,
      firstTime: 0,
      ...totals,
    },
    days,
    heatMap: noHours(),
    topHosts: [],
    topCompanies: [],
  };
}

const hq = building(
  HQ.id,
  HQ.name,
  {
    visits: 6,
    people: 5,
    averageStayMinutes: 92.7,
    medianStayMinutes: 45.5,
    noShows: 1,
    refusals: 2,
    overdue: 1,
    autoCheckOuts: 1,
    returning: 2,
    firstTime: 3,
  },
  [
    { day: '2026-10-31', byType: types(2, 1), peak: 2, peakAt: '2026-11-01T03:00:00.000Z' },
    { day: '2026-11-01', byType: types(2, 0, 1), peak: 3, peakAt: '2026-11-01T05:20:00.000Z' },
  ],
);
hq.heatMap[5]![22] = 1;
hq.heatMap[6]![1] = 2;
hq.topHosts = [{ name: 'Grace Hopper', visits: 2 }];
hq.topCompanies = [{ name: 'Acme', visits: 2 }];
const annex = building(ANNEX.id, ANNEX.name, { visits: 1, people: 1, noShows: 4, firstTime: 1 }, [
  { day: '2026-10-31', byType: types(0, 0, 0, 1), peak: 1, peakAt: '2026-10-31T14:00:00.000Z' },
  { day: '2026-11-01', byType: types(0), peak: 0, peakAt: null },
]);

const reportOf = (...buildings: BuildingReportOfBuilding[]): BuildingReport => ({
  from: '2026-10-31',
  to: '2026-11-01',
  generatedAt: '2026-11-27T15:00:00.000Z',
  buildings,
});

async function renderReport(search: string) {
  storeSignIn({ ...userFixture('me', ['ROLE_SUPERVISOR']), tenant: acme, role: 'ROLE_SUPERVISOR' });
  const session = createTestSession();
  await session.getState().selectTenant(acme.id);
  return renderScreen(
    <MemoryRouter initialEntries={[`/building-reports?${search}`]}>
      <BuildingReportPage />
    </MemoryRouter>,
    session,
  );
}

/** A table's rows as lists of their cells' texts, headings included. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

const twoBuildings = () => ({
  ...tenantSelection(acme),
  buildings: [
    { ...HQ, timeZoneId: 'America/Toronto' },
    { ...ANNEX, timeZoneId: 'America/Toronto' },
  ],
});

describe('the building report', () => {
  it("shows each building's key figures side by side and its days, asked for the chosen buildings and days", async () => {
    const calls = answerCalls({
      'GET /selectTenant': twoBuildings,
      'GET /selectTenant/:tenantId': twoBuildings,
      'GET /reports/building': () => reportOf(hq, annex),
    });
    await renderReport(`b=${HQ.id},${ANNEX.id}&from=2026-10-31&to=2026-11-01`);

    const figures = await screen.findByRole('table', { name: 'Key figures' });
    expect(calls.last('GET /reports/building').query).toEqual({
      buildingIds: `${HQ.id},${ANNEX.id}`,
      from: '2026-10-31',
      to: '2026-11-01',
    });
    expect(rowsOf(figures)).toEqual([
      ['Figure', 'HQ', 'Annex'],
      ['Visits', '6', '1'],
      ['People', '5', '1'],
      ['Average stay', '1 h 33 min', '—'],
      ['Median stay', '46 min', '—'],
      ['Highest peak occupancy', '3', '1'],
      ['No-shows', '1', '4'],
      ['Refused at the door', '2', '0'],
      ['Overdue visits', '1', '0'],
      ['Automatic check-outs', '1', '0'],
      ['Returning visitors', '2', '0'],
      ['First-time visitors', '3', '1'],
    ]);
    const days = screen.getByRole('table', {
      name: 'Visits per day by person type, and peak occupancy, in HQ',
    });
    expect(rowsOf(days).map((row) => row.slice(1, 7))).toEqual([
      ['Visitors', 'Contractors', 'Employees', 'Residents', 'Total', 'Peak occupancy'],
      ['2', '1', '0', '0', '3', '2'],
      ['2', '0', '1', '0', '3', '3'],
    ]);
    // The charts are images named by what they show; their numbers are the tables'.
    expect(
      screen.getByRole('img', {
        name: 'HQ: 6 visits over 2 days, at most 3 in a day; highest peak occupancy 3.',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^HQ: the busiest hour is .+ at 01:00 with 2 check-ins\.$/ }),
    ).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'The ten hosts with the most visits in HQ' }))).toEqual([
      ['Host', 'Visits'],
      ['Grace Hopper', '2'],
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('downloads a table as CSV with the numbers on the screen', async () => {
    answerCalls({
      'GET /selectTenant': twoBuildings,
      'GET /selectTenant/:tenantId': twoBuildings,
      'GET /reports/building': () => reportOf(hq, annex),
    });
    const { user } = await renderReport(`b=${HQ.id},${ANNEX.id}&from=2026-10-31&to=2026-11-01`);
    saved.length = 0;

    await user.click(await screen.findByRole('button', { name: 'Download CSV: Key figures' }));
    expect(saved.map((file) => file.fileName)).toEqual(['building-report-figures-2026-10-31-2026-11-01.csv']);
    expect(saved[0]!.text.split('\r\n')).toEqual([
      '\uFEFFFigure,HQ,Annex',
      'Visits,6,1',
      'People,5,1',
      'Average stay,92.7,',
      'Median stay,45.5,',
      'Highest peak occupancy,3,1',
      'No-shows,1,4',
      'Refused at the door,2,0',
      'Overdue visits,1,0',
      'Automatic check-outs,1,0',
      'Returning visitors,2,0',
      'First-time visitors,3,1',
      '',
    ]);

    await user.click(
      screen.getByRole('button', { name: 'Download CSV: Visits per day by person type, and peak occupancy, in HQ' }),
    );
    const [heading, saturday] = saved[1]!.text.replace('\uFEFF', '').split('\r\n');
    expect(heading).toBe('Day,Visitors,Contractors,Employees,Residents,Total,Peak occupancy,Peak reached at');
    expect(saturday).toMatch(/^2026-10-31,2,1,0,0,3,2,.+$/);
  });

  it('says when the period has no visits', async () => {
    answerCalls({
      'GET /reports/building': () =>
        reportOf(
          building(HQ.id, HQ.name, {}, [
            { day: '2026-10-31', byType: types(0), peak: 0, peakAt: null },
            { day: '2026-11-01', byType: types(0), peak: 0, peakAt: null },
          ]),
        ),
    });
    await renderReport(`b=${HQ.id}&from=2026-10-31&to=2026-11-01`);

    expect(await screen.findByText('No visits in this period.')).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'Key figures' }))[1]).toEqual(['Visits', '0']);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('says when the report cannot be loaded, and asks again', async () => {
    const calls = answerCalls({ 'GET /reports/building': () => reportOf(hq) });
    calls.once('GET /reports/building', refusal(500, 'INTERNAL_ERROR'));
    const { user } = await renderReport(`b=${HQ.id}&from=2026-10-31&to=2026-11-01`);

    expect(await screen.findByText('The report could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Key figures' })).toBeInTheDocument();
    expect(calls.of('GET /reports/building')).toHaveLength(2);
  });

  it('asks nothing for a period longer than a year', async () => {
    const calls = answerCalls({ 'GET /reports/building': () => reportOf(hq) });
    await renderReport(`b=${HQ.id}&from=2025-01-01&to=2026-01-02`);

    expect(await screen.findByRole('alert')).toHaveTextContent('A report covers 366 days at most');
    expect(calls.of('GET /reports/building')).toEqual([]);
  });
});
