import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WizardDocument } from '@vestibule/shared';
import { resources } from '@vestibule/shared/i18n';
import { Wizard as BareWizard } from './Wizard.tsx';
import { base64Bytes, fitScale, inkBox } from './signatureImage.ts';
import { formWith, setTestLocale, withTestTexts, wizardInput } from './testing/index.ts';
import type { SignedDocumentsLookup, WizardInput, WizardResult } from './wizard.types.ts';
import type * as PhotoCapture from './photoCapture.ts';

// jsdom draws no canvas: the picture taken is a fixed text.
vi.mock('./photoCapture.ts', async (original) => ({
  ...(await original<typeof PhotoCapture>()),
  capturePhoto: vi.fn(() => Promise.resolve('/9j/PHOTO')),
}));

const en = resources.en.wizard;
const Wizard = withTestTexts(BareWizard);

const nda: WizardDocument = {
  documentId: '0193a000-0000-7000-8000-000000000001',
  versionId: '0193a000-0000-7000-8000-0000000000a1',
  version: 2,
  kind: 'NDA',
  title: 'Non-disclosure agreement',
  body: 'You will keep **everything** you see here to yourself.',
  signMethod: 'DRAW',
};
const rules: WizardDocument = {
  documentId: '0193a000-0000-7000-8000-000000000002',
  versionId: '0193a000-0000-7000-8000-0000000000b1',
  version: 1,
  kind: 'SITE_RULES',
  title: 'Site rules',
  body: 'Wear your badge.',
  signMethod: 'TYPE',
};

beforeAll(() => {
  setTestLocale('en');
  // jsdom has no 2D canvas: the pad is not drawn on; the typed alternative is what is tested here.
  HTMLCanvasElement.prototype.getContext = () => null;
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  const stream = { getTracks: () => [{ stop: () => undefined }] } as unknown as MediaStream;
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: () => Promise.resolve(stream) },
  });
});
afterEach(cleanup);

/** The camera's first picture arrives (jsdom plays no video): Take photo is then enabled. */
async function pictureShown(take: HTMLElement) {
  await vi.waitFor(() => {
    fireEvent.loadedData(screen.getByLabelText(en.photo.video));
    expect((take as HTMLButtonElement).disabled).toBe(false);
  });
}

function renderWizard(input: WizardInput, signedDocuments?: SignedDocumentsLookup) {
  const onFinish = vi.fn<(result: WizardResult) => void>();
  render(<Wizard input={input} onFinish={onFinish} choiceStorage={null} signedDocuments={signedDocuments} />);
  return { onFinish, user: userEvent.setup() };
}

function resultOf(onFinish: ReturnType<typeof renderWizard>['onFinish']): WizardResult {
  const call = onFinish.mock.lastCall;
  if (!call) throw new Error('the wizard did not finish');
  return call[0];
}

const input = (overrides: Partial<WizardInput>) =>
  wizardInput({
    checkInForm: formWith({ firstName: { mandatory: true }, lastName: { mandatory: true }, email: {} }),
    consentClauseActive: true,
    consentClauseText: 'I agree.',
    ...overrides,
  });

async function fillForm(user: ReturnType<typeof userEvent.setup>, email = '') {
  await user.type(screen.getByLabelText(en.fields.firstName), 'Ada');
  await user.type(screen.getByLabelText(en.fields.lastName), 'Lovelace');
  if (email) await user.type(screen.getByLabelText(en.fields.email, { exact: false }), email);
  await user.click(screen.getByRole('button', { name: en.buttons.next }));
}

const heading = () => screen.getByRole('heading', { level: 2 }).textContent;
const next = () => screen.getByRole('button', { name: en.buttons.next }) as HTMLButtonElement;

describe('the signing step', () => {
  it('shows the text, then a typed signature enables Next; the result carries it', async () => {
    const { user, onFinish } = renderWizard(input({ documents: [rules] }));
    await fillForm(user);
    expect(heading()).toContain('Site rules');
    const text = await screen.findByRole('region', { name: 'Text of the document: Site rules' });
    expect(text.textContent).toContain('Wear your badge.');
    expect(next().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: en.sign.typeInstead })).toBeNull();

    await user.type(screen.getByLabelText(en.sign.typedName, { exact: false }), '  Ada Lovelace ');
    expect(next().disabled).toBe(false);
    expect(screen.getByText(en.sign.signed).getAttribute('role')).toBe('status');
    await user.click(next());

    expect(heading()).toContain(en.titles.consent);
    await user.click(screen.getByRole('checkbox', { name: en.consent.accept }));
    await user.click(screen.getByRole('button', { name: en.buttons.finish }));
    const result = resultOf(onFinish);
    expect(result.signatures).toEqual([
      {
        documentId: rules.documentId,
        versionId: rules.versionId,
        signedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        method: 'TYPE',
        typedName: 'Ada Lovelace',
        image: null,
      },
    ]);
  });

  it('a drawn document offers the pad with Clear, and "Type my name instead" for a keyboard or switch', async () => {
    const { user, onFinish } = renderWizard(input({ documents: [nda] }));
    await fillForm(user);
    expect(await screen.findByRole('img', { name: en.sign.pad })).toBeInTheDocument();
    expect((screen.getByRole('button', { name: en.sign.clear }) as HTMLButtonElement).disabled).toBe(true);
    expect(next().disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: en.sign.typeInstead }));
    expect(screen.queryByRole('img', { name: en.sign.pad })).toBeNull();
    await user.type(screen.getByLabelText(en.sign.typedName, { exact: false }), 'Ada Lovelace');
    await user.click(next());
    await user.click(screen.getByRole('checkbox', { name: en.consent.accept }));
    await user.click(screen.getByRole('button', { name: en.buttons.finish }));
    expect(resultOf(onFinish).signatures).toMatchObject([
      { documentId: nda.documentId, versionId: nda.versionId, method: 'TYPE', typedName: 'Ada Lovelace', image: null },
    ]);
  });

  it('the result carries the photo and the signatures together', async () => {
    const { user, onFinish } = renderWizard(input({ photo: 'REQUIRED', documents: [rules] }));
    await fillForm(user);
    const take = await screen.findByRole('button', { name: en.photo.take });
    await pictureShown(take);
    await user.click(take);
    await screen.findByRole('img', { name: en.photo.preview });
    await user.click(next());
    await user.type(await screen.findByLabelText(en.sign.typedName, { exact: false }), 'Ada Lovelace');
    await user.click(next());
    await user.click(screen.getByRole('checkbox', { name: en.consent.accept }));
    await user.click(screen.getByRole('button', { name: en.buttons.finish }));
    const result = resultOf(onFinish);
    expect(result.photo).toBe('/9j/PHOTO');
    expect(result.signatures.map((signature) => signature.versionId)).toEqual([rules.versionId]);
  });
});

describe('documents signed lately', () => {
  it('are not shown: the lookup is asked with the form e-mail and names', async () => {
    const lookup = vi.fn<SignedDocumentsLookup>(() => Promise.resolve([nda.versionId]));
    const { user, onFinish } = renderWizard(input({ documents: [nda, rules] }), lookup);
    await fillForm(user, 'ada@example.com');
    expect(lookup).toHaveBeenCalledWith(
      { visitorType: 'VISITOR', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
      expect.any(AbortSignal),
    );
    expect(heading()).toContain('Site rules');
    expect(heading()).toContain('Step 2 of 3');
    await user.type(await screen.findByLabelText(en.sign.typedName, { exact: false }), 'Ada Lovelace');
    await user.click(next());
    await user.click(screen.getByRole('checkbox', { name: en.consent.accept }));
    await user.click(screen.getByRole('button', { name: en.buttons.finish }));
    expect(resultOf(onFinish).signatures.map((signature) => signature.versionId)).toEqual([rules.versionId]);
  });

  it('a failed lookup asks every document', async () => {
    const lookup = vi.fn<SignedDocumentsLookup>(() => Promise.reject(new Error('offline')));
    const { user } = renderWizard(input({ documents: [nda, rules] }), lookup);
    await fillForm(user);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(heading()).toContain(nda.title);
    expect(heading()).toContain('Step 2 of 4');
  });
});

describe('the signature image', () => {
  it('is cut to the ink and fits 600 × 200 without being enlarged', () => {
    const pixels = new Uint8ClampedArray(10 * 5 * 4);
    pixels[(1 * 10 + 2) * 4 + 3] = 255;
    pixels[(3 * 10 + 6) * 4 + 3] = 128;
    expect(inkBox(pixels, 10, 5)).toEqual({ x: 2, y: 1, width: 5, height: 3 });
    expect(inkBox(new Uint8ClampedArray(16), 2, 2)).toBeNull();
    expect(fitScale(1200, 200)).toBe(0.5);
    expect(fitScale(300, 100)).toBe(1);
    expect(base64Bytes('QUJD')).toBe(3);
    expect(base64Bytes('QUI=')).toBe(2);
  });
});
