import { screen, waitFor, within } from '@testing-library/react';
import type { EntryReport, EntryReportVisits } from '@vestibule/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerCalls, refusal } from '../../../test/answerCalls.ts';
import { HQ, acme, userFixture } from '../../../test/fixtures.ts';
import { createTestSession, renderScreen, storeSignIn } from '../../../test/renderApp.tsx';
import { EntryReportPage } from './EntryReportPage.tsx';

// The entry report's screen: the groups of the period as a table with a total row, another
// grouping asked for, a group's visits in a dialog (paged by the server, every one as CSV), the
// groups' CSV from the table, the empty and failed states. Calls answered at fetch by contract key.

const period = 'from=2026-11-02&to=2026-11-08';

const byHost: EntryReport = {
  groupBy: 'host',
  groups: [
    {
      key: 't:hal host',
      label: 'Hal Host',
      visits: 3,
      people: 2,
      checkedOut: 3,
      totalStayMinutes: 195,
      averageStayMinutes: 65,
    },
    { key: '', label: '', visits: 1, people: 1, checkedOut: 0, totalStayMinutes: 0, averageStayMinutes: null },
  ],
  capped: false,
  total: { visits: 4, people: 3, checkedOut: 3, totalStayMinutes: 195, averageStayMinutes: 65 },
};

const halVisits: EntryReportVisits = {
  totalDocs: 1,
  docs: [
    {
      id: '0190a8f2-0000-7000-8000-00000000f001',
      identifier: 'ABC123',
      firstName: 'Alice',
      lastName: 'Archer',
      companyName: 'Acme',
      visitorType: 'VISITOR',
      host: 'Hal Host',
      buildingId: HQ.id,
      buildingName: HQ.name,
      timeZoneId: Intl.DateTimeFormat().resolvedOptions().timeZone,
      checkedInAt: '2026-11-03T09:00:00.000Z',
      checkedOutAt: '2026-11-03T11:00:00.000Z',
      stayMinutes: 120,
    },
  ],
};

async function renderReport(search = `b=${HQ.id}&${period}`) {
  storeSignIn({ ...userFixture('me', ['ROLE_SUPERVISOR']), tenant: acme, role: 'ROLE_SUPERVISOR' });
  const session = createTestSession();
  await session.getState().selectTenant(acme.id);
  return renderScreen(
    <MemoryRouter initialEntries={[`/visit-reports?${search}`]}>
      <EntryReportPage />
    </MemoryRouter>,
    session,
  );
}

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  vi.restoreAllMocks();
});

/** The files the screen hands to the browser, read back as text. */
function savedFiles() {
  const files: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: vi.fn((file: Blob) => {
      files.push(file);
      return 'blob:report';
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return files;
}

describe('the entry report', () => {
  it('shows the groups of the period with their visits, people and stays, and the total', async () => {
    const calls = answerCalls({
      'GET /reports/entries': ({ query }) => ({ ...byHost, groupBy: query.groupBy as 'host' }),
    });
    await renderReport();
    const table = await screen.findByRole('table', { name: 'Visits of the period by host' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Host', 'Visits', 'People', 'Checked out', 'Time on site', 'Average stay'],
      ['Hal Host', '3', '2', '3', '3 h 15 min', '1 h 05 min'],
      ['No host', '1', '1', '0', '0 min', '–'],
      ['All visits', '4', '3', '3', '3 h 15 min', '1 h 05 min'],
    ]);
    expect(calls.last('GET /reports/entries').query).toEqual({
      buildingIds: HQ.id,
      from: '2026-11-02',
      to: '2026-11-08',
      groupBy: 'host',
    });
  });

  it('asks again for another grouping', async () => {
    const calls = answerCalls({
      'GET /reports/entries': ({ query }) => ({ ...byHost, groupBy: query.groupBy as 'host' }),
    });
    const { user } = await renderReport();
    await screen.findByRole('table', { name: 'Visits of the period by host' });
    await user.click(screen.getByRole('textbox', { name: 'Group by' }));
    await user.click(await screen.findByRole('option', { name: 'Company' }));
    await screen.findByRole('table', { name: 'Visits of the period by company' });
    expect(calls.last('GET /reports/entries').query.groupBy).toBe('company');
  });

  it("opens a group's visits, opens a visit's detail, and downloads all of the group's visits as CSV", async () => {
    const calls = answerCalls({
      'GET /reports/entries': () => byHost,
      'GET /reports/entries/visits': () => halVisits,
      'GET /reports/entries/visits.csv': () =>
        new Response('Code\nABC123\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
      'GET /meeting/:id': () => refusal(404, 'NOT_FOUND'),
    });
    const { user } = await renderReport();
    await user.click(await screen.findByRole('button', { name: 'Show the visits of Hal Host' }));
    const dialog = await screen.findByRole('dialog', { name: 'Visits: Hal Host' });
    const visits = await within(dialog).findByRole('table', { name: 'The visits of the group, newest first' });
    expect(
      within(visits)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Alice Archer',
      'Acme',
      'Visitor',
      'Hal Host',
      'HQ',
      expect.stringMatching(/^2026-11-03 \d\d:00$/),
      expect.stringMatching(/^2026-11-03 \d\d:00$/),
      '2 h 00 min',
    ]);
    expect(calls.last('GET /reports/entries/visits').query).toEqual({
      buildingIds: HQ.id,
      from: '2026-11-02',
      to: '2026-11-08',
      groupBy: 'host',
      key: 't:hal host',
      page: '1',
      limit: '25',
    });
    const files = savedFiles();
    await user.click(within(dialog).getByRole('button', { name: 'Download all as CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(calls.last('GET /reports/entries/visits.csv').query).toEqual({
      buildingIds: HQ.id,
      from: '2026-11-02',
      to: '2026-11-08',
      groupBy: 'host',
      key: 't:hal host',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Open the visit: Alice Archer' }));
    await waitFor(() =>
      expect(calls.of('GET /meeting/:id').map((call) => call.params.id)).toEqual([halVisits.docs[0]!.id]),
    );
  });

  it("downloads the groups' table as CSV, the same figures as on the screen", async () => {
    answerCalls({ 'GET /reports/entries': () => byHost });
    const { user } = await renderReport();
    await screen.findByRole('table', { name: 'Visits of the period by host' });
    const files = savedFiles();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(files).toHaveLength(1);
    expect((await files[0]!.text()).replace('\uFEFF', '').split('\r\n')).toEqual([
      'Host,Visits,People,Checked out,Time on site (min),Average stay (min)',
      'Hal Host,3,2,3,195,65',
      'No host,1,1,0,0,',
      '',
    ]);
  });

  it('says when the period has no visits', async () => {
    answerCalls({
      'GET /reports/entries': () => ({
        ...byHost,
        groups: [],
        total: { visits: 0, people: 0, checkedOut: 0, totalStayMinutes: 0, averageStayMinutes: null },
      }),
    });
    await renderReport();
    expect(await screen.findByText('No visits in this period.')).toBeInTheDocument();
  });

  it('offers to try again when the report fails', async () => {
    let fail = true;
    answerCalls({ 'GET /reports/entries': () => (fail ? refusal(500, 'INTERNAL_ERROR') : byHost) });
    const { user } = await renderReport();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The report could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Visits of the period by host' })).toBeInTheDocument();
  });
});
