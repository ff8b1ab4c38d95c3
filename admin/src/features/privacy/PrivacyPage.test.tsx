import { screen, waitFor, within } from '@testing-library/react';
import type {
  PrivacyNotices,
  RetentionDue,
  RetentionSettings,
  RetentionUpdate,
  SubjectSearchResult,
} from '@vestibule/shared';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { type Answers, answerCalls } from '../../test/answerCalls.ts';
import { HQ, acme, tenantSelection } from '../../test/fixtures.ts';
import { createTestSession, renderScreen, storeSignIn } from '../../test/renderApp.tsx';
import { PrivacyPage } from './PrivacyPage.tsx';

const ANNEX = { id: '0190a8f2-0000-7000-8000-0000000000b2', name: 'Annex' };
const counted = (visits: number, photos: number, signatures: number, health: number): RetentionDue => ({
  visits: { count: visits, capped: false },
  photos: { count: photos, capped: false },
  signatures: { count: signatures, capped: false },
  health: { count: health, capped: false },
});

/**
 * The privacy calls answered like the server: the saved periods, and a preview that counts what
 * is due from the periods asked (here: photos older than their period, among ten of 1 to 50 days).
 */
function answerPrivacyCalls() {
  let saved: RetentionSettings = {
    company: { visits: 400, photos: 30, signatures: 30, health: 14 },
    buildings: [],
    due: counted(0, 20, 0, 1),
  };
  const photosDue = (update: RetentionUpdate) =>
    [1, 5, 10, 20, 25, 30, 35, 40, 45, 50].filter((age) => age > update.company.photos).length;
  let notices: PrivacyNotices = { current: null, versions: [] };
  const selection = tenantSelection(acme);
  const twoBuildings = () => ({ ...selection, buildings: [...selection.buildings, { ...ANNEX, timeZoneId: 'UTC' }] });
  return {
    'GET /selectTenant': twoBuildings,
    'GET /selectTenant/:tenantId': twoBuildings,
    'GET /privacy/retention': () => saved,
    'POST /privacy/retention/preview': ({ body }) => counted(0, photosDue(body), 0, 1),
    'GET /privacy/notice': () => notices,
    'POST /privacy/notice': ({ body }) => {
      const version = (notices.current?.version ?? 0) + 1;
      const current = { version, body: body.body, createdAt: '2026-11-29T10:00:00.000Z' };
      notices = {
        current,
        versions: [{ version, createdAt: current.createdAt, createdBy: 'master' }, ...notices.versions],
      };
      return current;
    },
    'PUT /privacy/retention': ({ body }) => {
      const names = new Map([HQ, ANNEX].map((building) => [building.id, building.name]));
      saved = {
        company: body.company,
        buildings: body.buildings.map((building) => ({ ...building, name: names.get(building.id) ?? '' })),
        due: counted(0, photosDue(body), 0, 1),
      };
      return saved;
    },
  } satisfies Answers;
}

/** The privacy calls answered like the server (see answerPrivacyCalls). */
const answerPrivacy = () => answerCalls(answerPrivacyCalls());

describe('privacy', () => {
  it('says what each period does and what the next run would erase, counted again as a period is typed', async () => {
    storeSignIn({ username: 'master', role: 'ROLE_MASTER' });
    const calls = answerPrivacy();
    const session = createTestSession();
    await session.getState().selectTenant(acme.id);
    const { user } = renderScreen(<PrivacyPage />, session);
    const photos = await screen.findByRole('textbox', { name: /^Visitors’ photos/ });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy' })).toBeInTheDocument();
    expect(photos).toHaveValue('30 days');
    expect(photos).toHaveAccessibleDescription(/photo taken at check-in is deleted.*From 1 to 3,650 days\./);
    expect(screen.getByRole('textbox', { name: /^Visits/ })).toHaveAccessibleDescription(
      /anonymised.*Reports still count it/,
    );
    const due = screen.getByTestId('privacy-due');
    expect(
      within(due)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['delete 20 photos', 'erase the health answers and temperatures of 1 visit']);
    expect(screen.getByText('Every building keeps the company’s periods.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    // Shorter photos: counted under the periods typed, said to be unsaved.
    await user.clear(photos);
    await user.type(photos, '9');
    await waitFor(() =>
      expect(within(screen.getByTestId('privacy-due')).getAllByRole('listitem')[0]).toHaveTextContent(
        'delete 8 photos',
      ),
    );
    expect(screen.getByText('Counted for the periods shown, which are not saved yet.')).toBeInTheDocument();
    expect(calls.of('PUT /privacy/retention')).toEqual([]);

    // An empty company period: required, nothing counted, nothing to save.
    await user.clear(photos);
    expect(
      await screen.findByText('Correct the periods above to see what the next run would erase.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save the periods' })).toBeDisabled();
    await user.type(photos, '9');

    // The annex keeps its photos two days; its other periods stay the company's.
    await user.click(screen.getByRole('textbox', { name: 'Give a building its own periods' }));
    await user.click(await screen.findByRole('option', { name: 'Annex' }));
    const annexPhotos = screen.getByRole('textbox', { name: 'Visitors’ photos at Annex (days)' });
    expect(screen.getByRole('textbox', { name: 'Visits at Annex (days)' })).toHaveAttribute(
      'placeholder',
      'Company’s (400)',
    );
    await user.type(annexPhotos, '2');
    await user.click(screen.getByRole('button', { name: 'Save the periods' }));

    expect(await screen.findByText('Retention periods saved.')).toBeInTheDocument();
    expect(calls.of('PUT /privacy/retention')).toEqual([
      expect.objectContaining({
        body: {
          company: { visits: 400, photos: 9, signatures: 30, health: 14 },
          buildings: [{ id: ANNEX.id, overrides: { visits: null, photos: 2, signatures: null, health: null } }],
        },
      }),
    ]);
    expect(screen.getByRole('button', { name: 'Save the periods' })).toBeDisabled();
    expect(screen.queryByText('Counted for the periods shown, which are not saved yet.')).not.toBeInTheDocument();

    // Back to the company's periods at the annex: undone before saving.
    await user.click(screen.getByRole('button', { name: 'Use the company’s periods at Annex' }));
    expect(screen.getByText('Every building keeps the company’s periods.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect(screen.getByRole('textbox', { name: 'Visitors’ photos at Annex (days)' })).toHaveValue('2');
  });

  it('publishes the privacy notice as a new version, previewed as visitors will see it', async () => {
    storeSignIn({ username: 'master', role: 'ROLE_MASTER' });
    const calls = answerPrivacy();
    const { user } = renderScreen(<PrivacyPage />);
    const text = await screen.findByRole('textbox', { name: /^Text of the notice/ });
    expect(screen.getByText('No notice published yet: visitor pages show none.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish as version 1' })).toBeDisabled();
    await user.type(text, 'We keep your **name** for 30 days.');
    const preview = screen.getByRole('region', { name: 'As visitors will see it' });
    expect(within(preview).getByText('name').tagName).toBe('STRONG');
    await user.click(screen.getByRole('button', { name: 'Publish as version 1' }));
    expect(await screen.findByText('Version 1 of the privacy notice is published.')).toBeInTheDocument();
    expect(calls.of('POST /privacy/notice')).toEqual([
      expect.objectContaining({ body: { body: 'We keep your **name** for 30 days.' } }),
    ]);
    expect(await screen.findByRole('button', { name: 'Publish as version 2' })).toBeDisabled();
    expect(within(screen.getByTestId('privacy-notice-versions')).getByRole('listitem')).toHaveTextContent(
      /^Version 1, .*, by master$/,
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('finds a person’s records, downloads them and erases the chosen ones after naming the counts', async () => {
    storeSignIn({ username: 'master', role: 'ROLE_MASTER' });
    const visit = (id: string, firstName: string, state: 'OUT' | 'IN' | 'INVITED') => ({
      id,
      buildingName: 'HQ',
      firstName,
      lastName: 'Lefèvre',
      email: `${firstName.toLowerCase()}@example.test`,
      phone: null,
      companyName: 'Initech',
      state,
      at: '2026-11-28T09:00:00.000Z',
    });
    const found: SubjectSearchResult = {
      matchedBy: 'name',
      truncated: false,
      visits: [
        visit('0190a8f2-0000-7000-8000-0000000000c1', 'Zoë', 'OUT'),
        visit('0190a8f2-0000-7000-8000-0000000000c2', 'Zoe', 'IN'),
        visit('0190a8f2-0000-7000-8000-0000000000c3', 'Zoë', 'INVITED'),
      ],
      people: [
        {
          id: '0190a8f2-0000-7000-8000-0000000000d1',
          buildingName: 'HQ',
          firstName: 'Zoë',
          lastName: 'Lefèvre',
          email: 'zoë@example.test',
          phone: '+33 6 12 34 56 78',
          companyName: null,
          deactivated: true,
        },
      ],
      guests: [],
    };
    const calls = answerCalls({
      ...answerPrivacyCalls(),
      'GET /privacy/subjects': () => found,
      'POST /privacy/subjects/export': () =>
        new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), { headers: { 'content-type': 'application/zip' } }),
      'POST /privacy/subjects/erase': ({ body }) => ({
        visits: body.visitIds.length,
        people: body.personIds.length,
        guests: body.guests.length,
      }),
    });
    const { user } = renderScreen(<PrivacyPage />);
    const search = await screen.findByRole('textbox', { name: /^E-mail, phone or name/ });
    expect(screen.getByRole('button', { name: 'Find' })).toBeDisabled();
    await user.type(search, 'zoe lefevre');
    await user.click(screen.getByRole('button', { name: 'Find' }));

    expect(await screen.findByText('Records whose name holds “zoe lefevre”')).toBeInTheDocument();
    const visits = screen.getByRole('region', { name: 'Visits and invitations' });
    expect(
      within(visits)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'NameE-mailPhoneCompanyBuildingStateWhen',
      'Zoë Lefèvrezoë@example.testInitechHQLeft2026-11-28',
      'Zoe Lefèvrezoe@example.testInitechHQOn site2026-11-28',
      'Zoë Lefèvrezoë@example.testInitechHQExpected2026-11-28',
    ]);
    const people = screen.getByRole('region', { name: 'In the people directory' });
    expect(within(people).getByText('Deactivated')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Guests of bookings' })).not.toBeInTheDocument();
    expect(screen.getByText('4 records chosen')).toBeInTheDocument();
    // The one on site cannot be erased yet: the button says why.
    const eraseButton = screen.getByRole('button', { name: 'Erase…' });
    expect(eraseButton).toBeDisabled();
    expect(eraseButton).toHaveAccessibleDescription('On site: check them out before erasing.');
    expect(await axeViolations()).toEqual([]);

    // Downloaded with everything chosen.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:person'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Download their data (.zip)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
    expect(calls.last('POST /privacy/subjects/export').body).toEqual({
      visitIds: found.visits.map((row) => row.id),
      personIds: ['0190a8f2-0000-7000-8000-0000000000d1'],
      guests: [],
    });

    // The namesake on site is left out; the confirmation names what goes.
    await user.click(within(visits).getByRole('checkbox', { name: 'Include Zoe Lefèvre' }));
    expect(
      within(visits).getByRole('checkbox', { name: 'Include every one of the Visits and invitations' }),
    ).toHaveProperty('indeterminate', true);
    await user.click(screen.getByRole('button', { name: 'Erase…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase these records for good?' });
    expect(dialog).toHaveTextContent(/^.*This erases 2 visits, 1 directory record and 0 booking guests\./);
    await user.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
    expect(await screen.findByText('Erased: 2 visits, 1 directory record and 0 booking guests.')).toBeInTheDocument();
    expect(calls.last('POST /privacy/subjects/erase').body).toEqual({
      visitIds: ['0190a8f2-0000-7000-8000-0000000000c1', '0190a8f2-0000-7000-8000-0000000000c3'],
      personIds: ['0190a8f2-0000-7000-8000-0000000000d1'],
      guests: [],
    });
    // Searched again, to show what is left.
    expect(calls.of('GET /privacy/subjects')).toHaveLength(2);
  });
});
