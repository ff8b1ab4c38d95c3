import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resources } from '@vestibule/shared/i18n';
import { initTestI18n } from '../../i18n/testI18n.ts';
import type { ChoiceStorage } from '@vestibule/ui/wizard';
import {
  type CodeReader,
  QrScanner,
  type QrScannerProps,
  type ScannerCamera,
  type ScannerPurpose,
  scannerCameraKey,
} from './QrScanner.tsx';
import type { ParsedCode } from './scannedCode.ts';

const en = resources.en.scanner;

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function memoryStorage(): ChoiceStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

/** A camera side without zxing: records the cameras started and stopped, hands out the texts "read". */
function fakeReader(cameras: ScannerCamera[], options: { refuse?: string } = {}) {
  const started: (string | null)[] = [];
  const stopped: string[] = [];
  let read: ((text: string) => void) | null = null;
  const reader: CodeReader = {
    available: () => true,
    listCameras: async () => cameras,
    start: async (deviceId, _video, onText) => {
      started.push(deviceId);
      if (options.refuse) throw new DOMException('refused', options.refuse);
      if (cameras.length === 0) throw new DOMException('no camera', 'NotFoundError');
      read = onText;
      const id = deviceId ?? cameras[0]?.id ?? null;
      return { deviceId: id, mirrored: true, stop: () => stopped.push(id ?? '') };
    },
  };
  return { reader, started, stopped, read: (text: string) => act(() => read?.(text)) };
}

const cameras = [
  { id: 'cam-front', label: 'Front camera' },
  { id: 'cam-usb', label: 'USB camera' },
];

function renderScanner(props: Partial<QrScannerProps> & { purpose?: ScannerPurpose } = {}) {
  const onCode = vi.fn<(code: ParsedCode) => void>();
  const onCancel = vi.fn();
  const view = render(<QrScanner purpose="entry" onCode={onCode} onCancel={onCancel} storage={null} {...props} />);
  return { onCode, onCancel, user: userEvent.setup(), ...view };
}

const codeInput = () => screen.getByLabelText(en.manual.label) as HTMLInputElement;
const cameraSelect = () => screen.findByRole('combobox', { name: en.camera });

describe('QR scanner without a camera', () => {
  it('offers the typed code when the page has no mediaDevices', async () => {
    expect(navigator.mediaDevices).toBeUndefined();
    const { user, onCode, onCancel } = renderScanner();
    expect(screen.getByRole('status').textContent).toBe(en.unsupported);
    expect(screen.queryByLabelText(en.preview)).toBeNull();
    expect(screen.queryByRole('button', { name: en.tryAgain })).toBeNull();

    await user.type(codeInput(), 'abcd2345');
    expect(codeInput().value).toBe('ABCD2345');
    await user.click(screen.getByRole('button', { name: en.manual.submit }));
    expect(onCode).toHaveBeenCalledExactlyOnceWith({ kind: 'identifier', identifier: 'ABCD2345', qrCodeKey: null });
    expect(screen.getByRole('status').textContent).toBe(en.read);

    await user.click(screen.getByRole('button', { name: en.cancel }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('refuses a typed code outside the alphabet, and says why', async () => {
    const { user, onCode } = renderScanner();
    await user.type(codeInput(), 'ABCD0000{Enter}');
    expect(onCode).not.toHaveBeenCalled();
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(codeInput().getAttribute('aria-describedby')).toContain('-error');
    expect(screen.getByText(en.manual.invalid)).toBeTruthy();
    expect(document.activeElement).toBe(codeInput());

    await user.clear(codeInput());
    expect(screen.queryByText(en.manual.invalid)).toBeNull();
    await user.type(codeInput(), 'XYZW7890');
    await user.click(screen.getByRole('button', { name: en.manual.submit }));
    expect(onCode).not.toHaveBeenCalled();
  });

  it('says the camera is refused and offers to try again', async () => {
    const fake = fakeReader(cameras, { refuse: 'NotAllowedError' });
    renderScanner({ reader: fake.reader });
    expect(await screen.findByText(en.denied)).toBeTruthy();
    expect(screen.getByLabelText(en.manual.label)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: en.tryAgain }));
    expect(await screen.findByText(en.denied)).toBeTruthy();
    expect(fake.started).toHaveLength(2);
  });

  it('says when there is no camera', async () => {
    renderScanner({ reader: fakeReader([]).reader });
    expect(await screen.findByText(en.noCamera)).toBeTruthy();
  });
});

describe('QR scanner with a camera', () => {
  it('keeps scanning past foreign codes and stops the camera after one of ours', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = fakeReader(cameras);
    const { onCode } = renderScanner({ reader: fake.reader });
    expect(await screen.findByText(en.scanning)).toBeTruthy();
    expect(screen.getByLabelText(en.preview)).toBeTruthy();

    fake.read('https://example.com/not-ours');
    expect(screen.getByRole('status').textContent).toBe(en.notOurCode);
    expect(fake.stopped).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(3500));
    expect(screen.getByRole('status').textContent).toBe(en.scanning);

    fake.read('https://visits.example.com/checkOut/Ab3_-x9QzLmN0pRsTuVwXy');
    expect(onCode).toHaveBeenCalledExactlyOnceWith({
      kind: 'publicIdentifier',
      publicIdentifier: 'Ab3_-x9QzLmN0pRsTuVwXy',
    });
    expect(fake.stopped).toEqual(['cam-front']);
    expect(screen.getByRole('status').textContent).toBe(en.read);
    fake.read('ABCD2345');
    expect(onCode).toHaveBeenCalledTimes(1);
  });

  it('remembers the chosen camera for entries and for exits apart, and stops it on unmount', async () => {
    const storage = memoryStorage();
    const entry = fakeReader(cameras);
    const first = renderScanner({ reader: entry.reader, storage });
    const select = (await cameraSelect()) as HTMLSelectElement;
    expect(entry.started).toEqual([null]);
    expect(select.value).toBe('cam-front');

    await first.user.selectOptions(select, 'cam-usb');
    expect(storage.items.get('kioskScannerCamera.entry')).toBe('cam-usb');
    await screen.findByText(en.scanning);
    expect(entry.started).toEqual([null, 'cam-usb']);
    expect(entry.stopped).toEqual(['cam-front']);
    expect(((await cameraSelect()) as HTMLSelectElement).value).toBe('cam-usb');
    first.unmount();
    expect(entry.stopped).toEqual(['cam-front', 'cam-usb']);

    const again = fakeReader(cameras);
    const second = renderScanner({ reader: again.reader, storage });
    expect(((await cameraSelect()) as HTMLSelectElement).value).toBe('cam-usb');
    expect(again.started).toEqual(['cam-usb']);
    second.unmount();

    const exit = fakeReader(cameras);
    renderScanner({ purpose: 'exit', reader: exit.reader, storage });
    expect(((await cameraSelect()) as HTMLSelectElement).value).toBe('cam-front');
    expect(exit.started).toEqual([null]);
    expect([...storage.items.keys()]).toEqual(['kioskScannerCamera.entry']);
  });

  it('falls back to the browser’s camera when the remembered one is gone', async () => {
    const storage = memoryStorage();
    storage.setItem(scannerCameraKey('exit'), 'cam-unplugged');
    const fake = fakeReader(cameras);
    renderScanner({ purpose: 'exit', reader: fake.reader, storage });
    await screen.findByText(en.scanning);
    expect(fake.started).toEqual([null]);
  });

  it('shows no camera choice with a single camera', async () => {
    renderScanner({ reader: fakeReader(cameras.slice(0, 1)).reader });
    await screen.findByText(en.scanning);
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
