import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@vestibule/shared/i18n';
import { Wizard as BareWizard } from './Wizard.tsx';
import { faceSquare, fitJpeg } from './photoCapture.ts';
import type * as PhotoCapture from './photoCapture.ts';
import { formWith, setTestLocale, withTestTexts, wizardInput } from './testing/index.ts';
import type { WizardInput, WizardResult } from './wizard.types.ts';

// jsdom draws no canvas: the picture taken is a fixed text, the encoding is tested apart.
vi.mock('./photoCapture.ts', async (original) => ({
  ...(await original<typeof PhotoCapture>()),
  capturePhoto: vi.fn(() => Promise.resolve('/9j/PHOTO')),
}));

const en = resources.en.wizard;
const Wizard = withTestTexts(BareWizard);

const stop = vi.fn();
const getUserMedia = vi.fn<(constraints: MediaStreamConstraints) => Promise<MediaStream>>();

beforeAll(() => {
  setTestLocale('en');
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  // jsdom plays no media.
  HTMLMediaElement.prototype.play = () => Promise.resolve();
});
beforeEach(() => {
  stop.mockReset();
  getUserMedia.mockReset();
  getUserMedia.mockImplementation(() => Promise.resolve({ getTracks: () => [{ stop }] } as unknown as MediaStream));
});
afterEach(cleanup);

/** The camera's first picture arrives (jsdom plays no video): Take photo is then enabled. */
async function pictureShown(take: HTMLElement) {
  await vi.waitFor(() => {
    fireEvent.loadedData(screen.getByLabelText(en.photo.video));
    expect((take as HTMLButtonElement).disabled).toBe(false);
  });
}

function renderWizard(input: WizardInput) {
  const onFinish = vi.fn<(result: WizardResult) => void>();
  render(<Wizard input={input} onFinish={onFinish} choiceStorage={null} />);
  return { onFinish, user: userEvent.setup() };
}

function resultOf(onFinish: ReturnType<typeof renderWizard>['onFinish']): WizardResult {
  const call = onFinish.mock.lastCall;
  if (!call) throw new Error('the wizard did not finish');
  return call[0];
}

const withForm = (overrides: Partial<WizardInput>) =>
  wizardInput({ checkInForm: formWith({ firstName: { mandatory: true } }), commentsEnabled: true, ...overrides });

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(en.fields.firstName), 'Ada');
  await user.click(screen.getByRole('button', { name: en.buttons.next }));
}

describe('the photo step', () => {
  it('comes after the form, opens the front camera; Take photo, Retake, then Next carries the photo', async () => {
    const { user, onFinish } = renderWizard(withForm({ photo: 'OPTIONAL' }));
    await fillForm(user);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain(en.titles.photo);
    const take = await screen.findByRole('button', { name: en.photo.take });
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'user' }, audio: false });
    expect((screen.getByRole('button', { name: en.buttons.next }) as HTMLButtonElement).disabled).toBe(true);
    await pictureShown(take);

    await user.click(take);
    expect(await screen.findByRole('img', { name: en.photo.preview })).toBeInTheDocument();
    expect(screen.getByText(en.photo.taken).getAttribute('role')).toBe('status');
    expect(stop).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: en.photo.retake }));
    expect(screen.queryByRole('img', { name: en.photo.preview })).toBeNull();
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    const again = screen.getByRole('button', { name: en.photo.take });
    await pictureShown(again);
    await user.click(again);
    await screen.findByRole('img', { name: en.photo.preview });

    await user.click(screen.getByRole('button', { name: en.buttons.next }));
    await user.click(screen.getByRole('button', { name: en.buttons.finish }));
    expect(resultOf(onFinish).photo).toBe('/9j/PHOTO');
  });

  it('OPTIONAL: Skip goes on without a photo and stops the camera', async () => {
    const { user, onFinish } = renderWizard(withForm({ photo: 'OPTIONAL' }));
    await fillForm(user);
    await user.click(await screen.findByRole('button', { name: en.photo.skip }));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain(en.titles.comments);
    expect(stop).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: en.buttons.finish }));
    expect(resultOf(onFinish).photo).toBeNull();
  });

  it('REQUIRED on a phone with the camera refused: says to ask at the reception, no Skip, Next stays disabled', async () => {
    getUserMedia.mockImplementation(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const { user } = renderWizard(withForm({ photo: 'REQUIRED' }));
    await fillForm(user);
    expect(await screen.findByText(en.photo.unavailableRequired)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.photo.skip })).toBeNull();
    expect((screen.getByRole('button', { name: en.buttons.next }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('REQUIRED on a kiosk with no camera: the entry goes on without a photo', async () => {
    getUserMedia.mockImplementation(() => Promise.reject(new DOMException('none', 'NotFoundError')));
    const { user, onFinish } = renderWizard(withForm({ photo: 'REQUIRED', fromKiosk: true }));
    await fillForm(user);
    expect(await screen.findByText(en.photo.unavailableKiosk)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en.buttons.next }));
    await user.click(screen.getByRole('button', { name: en.buttons.finish }));
    expect(resultOf(onFinish).photo).toBeNull();
  });

  it('OFF (absent): no photo step', async () => {
    const { user } = renderWizard(withForm({}));
    await fillForm(user);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain(en.titles.comments);
    expect(getUserMedia).not.toHaveBeenCalled();
  });
});

describe('the photo made small', () => {
  it('takes the centred square of the face guide', () => {
    expect(faceSquare(640, 480)).toEqual({ x: 128, y: 48, side: 384 });
  });

  it('lowers the quality until the JPEG fits the target, and gives up above the limit', async () => {
    const sizes: Record<number, number> = { 0.85: 60_000, 0.75: 41_000, 0.65: 30_000, 0.55: 24_000 };
    const encode = (quality: number) => Promise.resolve(new Blob([new Uint8Array(sizes[quality] ?? 20_000)]));
    expect(await fitJpeg(encode)).toHaveProperty('size', 24_000);
    const heavy = () => Promise.resolve(new Blob([new Uint8Array(50_000)]));
    expect(await fitJpeg(heavy)).toBeNull();
  });
});
