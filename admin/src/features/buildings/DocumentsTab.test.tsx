import { screen, within } from '@testing-library/react';
import {
  buildingDocumentSchema,
  type BuildingDocument,
  type DocumentVersion,
  type DocumentVersionSummary,
} from '@vestibule/shared';
import { describe, expect, it, vi } from 'vitest';
import { BuildingDialog } from './BuildingDialog.tsx';
import { answerBuildings, buildingFixture } from './testing/buildingsAnswers.ts';
import { renderBuildingScreen } from './testing/renderBuildingScreen.tsx';

// The building dialog's Documents tab, its calls answered at fetch like the server: documents
// kept in memory, a new text stored as the next version, a signed document deactivated.

function documentFixture(buildingId: string, overrides: Partial<BuildingDocument> = {}): BuildingDocument {
  const id = '0190a8f2-0000-7000-8000-0000000000a1';
  return buildingDocumentSchema.parse({
    id,
    buildingId,
    kind: 'NDA',
    title: 'Visitor NDA',
    visitorTypes: ['VISITOR', 'CONTRACTOR'],
    signMethod: 'DRAW',
    active: true,
    sortOrder: 0,
    currentVersion: {
      id: '0190a8f2-0000-7000-8000-0000000000b1',
      documentId: id,
      version: 1,
      body: '# Confidentiality\n\nWhat you see here stays here.',
      createdAt: '2026-03-01T09:00:00.000Z',
      createdByName: 'Ada Admin',
    },
    hasSignatures: true,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  });
}

/** The building's documents and their versions, answered as the server does. */
function answerDocuments(initial: BuildingDocument[]) {
  const building = buildingFixture();
  let documents = initial;
  const versions = new Map<string, DocumentVersion[]>(
    initial.map((document) => [document.id, [document.currentVersion]]),
  );
  const fake = answerBuildings(building, {
    answers: {
      'GET /building/:id/document': () => documents,
      'POST /building/:id/document': ({ body }) => {
        const { body: text, ...settings } = body;
        const created = documentFixture(building.id, {
          ...settings,
          visitorTypes: body.visitorTypes,
          id: '0190a8f2-0000-7000-8000-0000000000a2',
          hasSignatures: false,
          currentVersion: { ...documentFixture(building.id).currentVersion, body: text },
        });
        documents = [...documents, created];
        return created;
      },
      'PATCH /buildingDocument/:id': ({ params, body }) => {
        documents = documents.map((d) => (d.id === params.id ? { ...d, ...body, visitorTypes: body.visitorTypes } : d));
        return documents.find((d) => d.id === params.id) ?? documents[0]!;
      },
      'POST /buildingDocument/:id/version': ({ params, body }) => {
        const list = versions.get(params.id ?? '') ?? [];
        const next: DocumentVersion = {
          id: `0190a8f2-0000-7000-8000-0000000000c${list.length + 1}`,
          documentId: params.id ?? '',
          version: list.length + 1,
          body: body.body,
          createdAt: '2026-03-05T09:00:00.000Z',
          createdByName: 'Ada Admin',
        };
        versions.set(params.id ?? '', [...list, next]);
        documents = documents.map((d) => (d.id === params.id ? { ...d, currentVersion: next } : d));
        return documents.find((d) => d.id === params.id) ?? documents[0]!;
      },
      'GET /buildingDocument/:id/version': ({ params }) =>
        [...(versions.get(params.id ?? '') ?? [])]
          .reverse()
          .map(({ body: _body, ...version }): DocumentVersionSummary => ({ ...version, signatureCount: 3 })),
      'GET /buildingDocument/:id/version/:version': ({ params }) =>
        (versions.get(params.id ?? '') ?? []).find((v) => String(v.version) === params.version) ??
        documentFixture(building.id).currentVersion,
      'DELETE /buildingDocument/:id': ({ params }) => {
        documents = documents.map((d) => (d.id === params.id ? { ...d, active: false } : d));
        return { id: params.id ?? '', outcome: 'deactivated' as const };
      },
    },
  });
  return { building, fake };
}

async function openDocumentsTab(documents: BuildingDocument[] = []) {
  const { building, fake } = answerDocuments(documents);
  const view = renderBuildingScreen(<BuildingDialog buildingId={building.id} onClose={vi.fn()} />);
  await screen.findByRole('textbox', { name: /^Name/ });
  await view.user.click(screen.getByRole('tab', { name: 'Documents' }));
  await screen.findByTestId('documents-tab');
  return { ...view, fake, building };
}

describe('building documents tab', () => {
  it('says when there is no document, and adds one with its text previewed as visitors will see it', async () => {
    const { user, fake } = await openDocumentsTab();
    expect(screen.getByTestId('documents-empty')).toHaveTextContent('No document yet.');

    await user.click(screen.getByRole('button', { name: 'Add a document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a document' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Site rules');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Contractors' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Name typed' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Text/ }), '# Wear a helmet');
    // The preview draws the Markdown: the heading's text without its mark.
    expect(within(dialog).getByTestId('document-preview')).toHaveTextContent(/^Wear a helmet$/);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(fake.calls.of('POST /building/:id/document').map((request) => request.body)).toEqual([
      {
        kind: 'NDA',
        title: 'Site rules',
        visitorTypes: ['VISITOR', 'CONTRACTOR'],
        signMethod: 'TYPE',
        active: true,
        sortOrder: 0,
        body: '# Wear a helmet',
      },
    ]);
    const row = (await screen.findByRole('cell', { name: 'Site rules' })).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Visitors, Contractors')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('Name typed')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByRole('button', { name: 'Version history of Site rules' })).toHaveTextContent(
      'v1',
    );
  });

  it('publishes a changed text as the next version, saying that visitors will sign again', async () => {
    const { user, fake } = await openDocumentsTab([documentFixture(buildingFixture().id)]);
    await user.click(screen.getByRole('button', { name: 'Edit Visitor NDA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the document' });
    expect(within(dialog).queryByTestId('document-publish-notice')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^Text/ }), ' Not even photos.');
    expect(within(dialog).getByTestId('document-publish-notice')).toHaveTextContent(
      'Saving publishes version 2. Visitors who signed an earlier version will be asked to sign again',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save and publish version 2' }));

    expect(fake.calls.of('PATCH /buildingDocument/:id')).toHaveLength(1);
    expect(fake.calls.of('POST /buildingDocument/:id/version').map((request) => request.body)).toEqual([
      { body: '# Confidentiality\n\nWhat you see here stays here. Not even photos.' },
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent('Version 2 published.');
    expect(screen.getByRole('button', { name: 'Version history of Visitor NDA' })).toHaveTextContent('v2');
  });

  it('lists the version history and shows an earlier version’s text', async () => {
    const { user } = await openDocumentsTab([documentFixture(buildingFixture().id)]);
    await user.click(screen.getByRole('button', { name: 'Version history of Visitor NDA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Version history' });
    const table = await within(dialog).findByRole('table', { name: 'Versions of Visitor NDA, newest first' });
    expect(within(table).getByText('current')).toBeInTheDocument();
    expect(within(table).getByText('Ada Admin')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'View version 1' }));
    const text = await within(dialog).findByRole('region', { name: 'Visitor NDA, version 1' });
    expect(within(text).getByTestId('document-version-text')).toHaveTextContent(
      /^Confidentiality\s*What you see here stays here\.$/,
    );
  });

  it('deactivates a signed document instead of deleting it, and says so', async () => {
    const { user, fake } = await openDocumentsTab([documentFixture(buildingFixture().id)]);
    await user.click(screen.getByRole('button', { name: 'Delete Visitor NDA' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the document?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(fake.calls.of('DELETE /buildingDocument/:id')).toHaveLength(1);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Visitors have signed this document: it was deactivated',
    );
    expect(await screen.findByText('Inactive')).toBeInTheDocument();
  });
});
