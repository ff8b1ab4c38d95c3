import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { detailOf, fakeEntryLog, visitFixture } from '../testing/fakeEntryLog.ts';
import { renderEntryLog } from '../testing/renderEntryLog.tsx';

// A visit's signed documents in its detail (docs/check-in.md, "Signed documents"): listed with
// their version and time, each opened as signed (text, signer, typed name) and printed.

describe("a visit's signed documents", () => {
  it('lists what the visitor signed and opens a signed document to read and print', async () => {
    const dana = visitFixture('Dana', 'Signer', { status: 'IN', checkedInAt: '2026-03-02T08:00:00.000Z' });
    const signature = {
      id: '0190a8f2-0000-7000-8000-00000000e001',
      documentId: '0190a8f2-0000-7000-8000-00000000e002',
      versionId: '0190a8f2-0000-7000-8000-00000000e003',
      title: 'Site rules',
      kind: 'SITE_RULES' as const,
      version: 2,
      signedAt: '2026-03-02T07:59:00.000Z',
      method: 'TYPE' as const,
      typedName: 'Dana Signer',
      hasImage: false,
    };
    const fake = fakeEntryLog([dana], {
      overrides: {
        'GET /meeting/:id': () => detailOf(dana, { signatures: [signature] }),
        'GET /meetingSignature/:id': () => ({
          ...signature,
          body: '# Site rules\n\nWear your badge at all times.',
          visitId: dana.id,
          firstName: 'Dana',
          lastName: 'Signer',
          companyName: 'Initech',
          buildingName: 'HQ',
          timeZoneId: 'UTC',
        }),
      },
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = await renderEntryLog('ROLE_USER');
    await user.click(await screen.findByRole('button', { name: 'Details of the visit of Dana Signer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Visit of Dana Signer' });
    const section = await within(dialog).findByTestId('signed-documents');
    expect(within(section).getByRole('heading', { name: 'Signed documents' })).toBeInTheDocument();
    const row = within(section).getByRole('cell', { name: 'Site rules' }).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('v2');
    expect(row).toHaveTextContent('Name typed');

    await user.click(within(section).getByRole('button', { name: 'View the signed Site rules' }));
    const signed = await screen.findByRole('dialog', { name: 'Site rules' });
    expect(fake.calls.of('GET /meetingSignature/:id').map((request) => request.params.id)).toEqual([signature.id]);
    expect(within(signed).getByTestId('signed-document-text')).toHaveTextContent('Wear your badge at all times.');
    expect(within(signed).getByText('Signed by Dana Signer (Initech)')).toBeInTheDocument();
    expect(within(signed).getByTestId('typed-signature')).toHaveTextContent('Dana Signer');
    await user.click(within(signed).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
