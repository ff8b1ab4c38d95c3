import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, refusal, sentForm } from '../../../test/answerCalls.ts';
import { axeViolations } from '../../../test/axe.ts';
import { HQ, personFixture, reportFixture } from '../testing/peopleAnswers.ts';
import { renderPeople } from '../testing/renderPeople.tsx';

const anne = personFixture('Anne', 'Leroy');

const csv = [
  'First name;Last name;Building id;Type;Notes',
  `Dora;Marsh;${HQ.id};e;`,
  `"Smith; Jr";Stone;${HQ.id};c;"a ""quoted"" note"`,
  `Eve;;${HQ.id};x;`,
].join('\r\n');

async function openWizard() {
  const view = await renderPeople('ROLE_ADMIN', [anne]);
  await screen.findByTestId(`person-row-${anne.id}`);
  await view.user.click(screen.getByRole('button', { name: 'Import CSV' }));
  const wizard = await screen.findByRole('dialog', { name: 'Import people from a CSV file' });
  return { ...view, wizard };
}

async function chooseFile(user: Awaited<ReturnType<typeof openWizard>>['user'], wizard: HTMLElement, file: File) {
  const input = wizard.querySelector<HTMLInputElement>('input[type="file"]');
  expect(input).not.toBeNull();
  await user.upload(input!, file);
}

describe('people CSV import wizard', () => {
  it('says the file rules first and refuses a file that is not CSV or over 5 MB', async () => {
    const { user, wizard } = await openWizard();
    expect(within(wizard).getByText(/A \.csv file of at most 5 MB/)).toBeInTheDocument();
    const upload = user.setup({ applyAccept: false });
    await chooseFile(upload, wizard, new File(['x'], 'people.xlsx'));
    expect(await within(wizard).findByText('The file must be a .csv file.')).toBeInTheDocument();
    expect(within(wizard).getByRole('button', { name: 'Next' })).toBeDisabled();
    const big = new File(['x'], 'people.csv');
    Object.defineProperty(big, 'size', { value: 5_000_001 });
    await chooseFile(upload, wizard, big);
    expect(await within(wizard).findByText('The file is too big: it must be at most 5 MB.')).toBeInTheDocument();
  });

  it('maps the columns from a preview, checks the file with a dry run, then imports it with progress', async () => {
    const { calls, user, wizard } = await openWizard();
    await chooseFile(user, wizard, new File([csv], 'people.csv', { type: 'text/csv' }));
    const preview = await within(wizard).findByTestId('upload-preview');
    expect(within(preview).getByText(/split at each ";"/)).toBeInTheDocument();
    expect(within(preview).getByRole('cell', { name: 'Smith; Jr' })).toBeInTheDocument();
    expect(within(preview).getByRole('cell', { name: 'a "quoted" note' })).toBeInTheDocument();
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));

    // The heading row named four fields; the data starts at row 2.
    const mapping = await within(wizard).findByTestId('upload-mapping');
    expect(within(mapping).getByRole('textbox', { name: /^First name/ })).toHaveValue('Column 1: First name');
    expect(within(mapping).getByRole('textbox', { name: /^Type/ })).toHaveValue('Column 4: Type');
    expect(within(mapping).getByRole('textbox', { name: /^E-mail/ })).toHaveValue('');
    expect(within(wizard).getByRole('textbox', { name: /^First data row/ })).toHaveValue('2');
    await user.click(within(mapping).getByRole('textbox', { name: /^Job title/ }));
    await user.click(await screen.findByRole('option', { name: 'Column 5: Notes' }));
    await user.click(within(wizard).getByRole('textbox', { name: /^Dates format/ }));
    await user.click(await screen.findByRole('option', { name: 'dd/MM/yyyy' }));
    expect(await axeViolations()).toEqual([]);

    calls.once(
      'PATCH /people/upload',
      reportFixture({
        count: 2,
        created: 1,
        updated: 1,
        total: 3,
        issues: [
          { row: 4, column: 'lastName', errorCode: 'PEOPLE_UPLOAD_MISSING_LAST_NAME' },
          { row: 4, column: 'visitorType', errorCode: 'PEOPLE_UPLOAD_INVALID_VISITOR_TYPE' },
        ],
      }),
    );
    await user.click(within(wizard).getByRole('button', { name: 'Check the file' }));
    await waitFor(() => expect(calls.of('PATCH /people/upload')).toHaveLength(1));
    const first = sentForm(calls.of('PATCH /people/upload')[0]!);
    const file = first.file;
    expect(file.name).toBe('people.csv');
    expect(first.fields).toEqual({
      columns: { firstName: 0, lastName: 1, buildingId: 2, visitorType: 3, jobTitle: 4 },
      datesFormat: 'dd/MM/yyyy',
      visitorType: undefined,
      // The user's one building takes the rows that name none.
      buildingId: HQ.id,
      firstRow: 2,
      dryRun: true,
    });

    const report = await within(wizard).findByTestId('upload-report');
    expect(report).toHaveTextContent('2 of 3 rows can be imported (1 new, 1 updated).');
    const rows = within(within(report).getByTestId('upload-issues')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['4', 'Last name', 'Row 4: the last name is missing.'],
      ['4', 'Type', "Row 4: the person's type is not valid."],
    ]);
    expect(await axeViolations()).toEqual([]);

    calls.once('PATCH /people/upload', reportFixture({ dryRun: false, count: 2, created: 1, updated: 1, total: 3 }));
    await user.click(within(wizard).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(calls.of('PATCH /people/upload')).toHaveLength(2));
    // The same file, with the same bytes, not a dry run this time.
    const second = sentForm(calls.last('PATCH /people/upload'));
    expect(second.file.name).toBe(file.name);
    expect(await second.file.text()).toBe(await file.text());
    expect(second.fields).toEqual(expect.objectContaining({ dryRun: false }));
    expect(await within(wizard).findByTestId('upload-result')).toHaveTextContent(
      'Rows imported: 2 of 3 (1 new, 1 updated)',
    );
    expect(within(wizard).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    // The list reloads at once, behind the wizard.
    await waitFor(() => expect(calls.of('GET /people')).toHaveLength(2));
    await user.click(within(wizard).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Import people/ })).not.toBeInTheDocument());
  });

  it('asks for every required column, and shows the refusal of a whole file', async () => {
    const { calls, user, wizard } = await openWizard();
    await chooseFile(user, wizard, new File(['Anne,Leroy\r\nBob,Stone'], 'people.csv'));
    await user.click(await within(wizard).findByRole('button', { name: 'Next' }));
    expect(within(wizard).getByRole('textbox', { name: /^First data row/ })).toHaveValue('1');
    await user.click(within(wizard).getByRole('button', { name: 'Check the file' }));
    expect(await within(wizard).findByText('Choose a column for every required field.')).toBeInTheDocument();
    expect(calls.of('PATCH /people/upload')).toHaveLength(0);

    const mapping = within(wizard).getByTestId('upload-mapping');
    for (const [field, column] of [
      ['First name', 'Column 1: Anne'],
      ['Last name', 'Column 2: Leroy'],
      ['Building id', 'Column 1: Anne'],
    ] as const) {
      await user.click(within(mapping).getByRole('textbox', { name: new RegExp(`^${field}`) }));
      await user.click(await screen.findByRole('option', { name: column }));
    }
    await user.click(within(wizard).getByRole('textbox', { name: /^Type of the rows without one/ }));
    await user.click(await screen.findByRole('option', { name: 'Resident' }));
    calls.once('PATCH /people/upload', json(400, { errorCode: 'PEOPLE_UPLOAD_TOO_MANY_ERRORS', msg: 'Too many' }));
    await user.click(within(wizard).getByRole('button', { name: 'Check the file' }));
    await waitFor(() => expect(calls.of('PATCH /people/upload')).toHaveLength(1));
    expect(sentForm(calls.last('PATCH /people/upload')).fields).toEqual(
      expect.objectContaining({ visitorType: 'RESIDENT', firstRow: 1 }),
    );
    expect(await within(wizard).findByRole('alert')).toHaveTextContent('Too many errors: processing stopped.');
  });

  it("says the server's refusal of the file in the import's own terms, never the logo's", async () => {
    const { calls, user, wizard } = await openWizard();
    await chooseFile(user, wizard, new File([csv], 'people.csv', { type: 'text/csv' }));
    await user.click(await within(wizard).findByRole('button', { name: 'Next' }));
    await within(wizard).findByTestId('upload-mapping');
    const refusals: [Response, string][] = [
      [refusal(413, 'PEOPLE_UPLOAD_FILE_TOO_BIG'), 'The file is too big: it must be at most 5 MB.'],
      // A proxy's limit answers without the server's words: still this import's limit.
      [new Response('Request Entity Too Large', { status: 413 }), 'The file is too big: it must be at most 5 MB.'],
      [
        refusal(415, 'PEOPLE_UPLOAD_INVALID_FILE'),
        'The file cannot be read as CSV: save the spreadsheet as CSV (commas or semicolons between the columns) and choose that file.',
      ],
      [
        refusal(400, 'MALFORMED_MULTIPART'),
        'The upload arrived incomplete or damaged. Choose the file again and send it once more.',
      ],
    ];
    for (const [answer, words] of refusals) {
      calls.once('PATCH /people/upload', answer);
      await user.click(within(wizard).getByRole('button', { name: 'Check the file' }));
      await waitFor(() => expect(within(wizard).getByRole('alert')).toHaveTextContent(words));
      expect(within(wizard).getByRole('alert')).not.toHaveTextContent(/2 MB|PNG/);
    }
    expect(calls.of('PATCH /people/upload')).toHaveLength(refusals.length);
  });

  it('places rows without a building in the one chosen, gives employees a default duration, and offers a template', async () => {
    const { calls, user, wizard } = await openWizard();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:template');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(within(wizard).getByRole('button', { name: 'Download the template' }));
    expect(click).toHaveBeenCalled();
    const template = await createObjectURL.mock.calls[0]![0].text();
    expect(template).toBe(
      'First name,Last name,Building id,Type,E-mail,Phone,Company,Job title,Department,External id,Default duration,Valid from,Valid to\r\n',
    );
    click.mockRestore();

    await chooseFile(user, wizard, new File(['First name;Last name\r\nDora;Marsh'], 'people.csv'));
    await user.click(await within(wizard).findByRole('button', { name: 'Next' }));
    // The building is the wizard's choice (the user's one building): no column of the file is asked for it.
    expect(within(wizard).getByRole('textbox', { name: /^Building of the rows without one/ })).toHaveValue('HQ');
    await user.click(within(wizard).getByRole('textbox', { name: /^Type of the rows without one/ }));
    await user.click(await screen.findByRole('option', { name: 'Employee' }));
    await user.click(within(wizard).getByRole('textbox', { name: /^Employees’ default duration/ }));
    await user.click(await screen.findByRole('option', { name: '1 h' }));
    calls.once('PATCH /people/upload', reportFixture({ count: 1, created: 1, total: 1 }));
    await user.click(within(wizard).getByRole('button', { name: 'Check the file' }));
    await waitFor(() => expect(calls.of('PATCH /people/upload')).toHaveLength(1));
    expect(sentForm(calls.last('PATCH /people/upload')).fields).toEqual({
      columns: { firstName: 0, lastName: 1 },
      datesFormat: 'yyyy-MM-dd',
      visitorType: 'EMPLOYEE',
      buildingId: HQ.id,
      defaultDuration: 60,
      firstRow: 2,
      dryRun: true,
    });
  });
});
