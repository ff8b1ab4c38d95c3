import { cleanup, render, screen, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resources } from '@vestibule/shared/i18n';
import { Wizard as BareWizard } from './Wizard.tsx';
import { cameraChoiceKey } from './cameraChoice.ts';
import { setTestLocale, withTestTexts, wizardInput } from './testing/index.ts';
import type { CameraReader, ChoiceStorage, WizardResult } from './wizard.types.ts';

const en = resources.en.wizard;
const Wizard = withTestTexts(BareWizard);

beforeAll(() => {
  setTestLocale('en');
});
afterEach(cleanup);

const temperatureInput = (overrides: Parameters<typeof wizardInput>[0] = {}) =>
  wizardInput({
    checkInTemperatureMeasuresEnabled: true,
    allowCheckInManualTemperatureMeasure: true,
    temperatureUnit: 'CELSIUS',
    minTemperature: 35,
    maxTemperature: 37.5,
    ...overrides,
  });

/** A camera that answers the readings it is given, one per call (a plain object, no server). */
function fakeCamera(readings: (number | null)[]): CameraReader & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    readTemperature: async (cameraId) => {
      reads.push(cameraId);
      return readings.shift() ?? null;
    },
    pictureUrl: (cameraId, stamp) => `/pictures/${cameraId}?x=${stamp}`,
  };
}

function memoryStorage(initial: Record<string, string> = {}): ChoiceStorage & { values: Record<string, string> } {
  const values = { ...initial };
  return {
    values,
    getItem: (key) => values[key] ?? null,
    setItem: (key, value) => {
      values[key] = value;
    },
  };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const finish = () => screen.getByRole('button', { name: en.buttons.finish }) as HTMLButtonElement;

describe('the entry step', () => {
  it('appears for manual temperature measures or comments only', () => {
    const view = render(
      <Wizard
        input={temperatureInput({ allowCheckInManualTemperatureMeasure: false })}
        onFinish={vi.fn()}
        choiceStorage={null}
      />,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain(en.titles.confirm);
    view.unmount();
    render(<Wizard input={wizardInput({ commentsEnabled: true })} onFinish={vi.fn()} choiceStorage={null} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain(en.titles.comments);
    expect(screen.queryByLabelText(new RegExp(`^${en.temperature.first}`))).toBeNull();
    expect((screen.getByLabelText(new RegExp(`^${en.comments.label}`)) as HTMLTextAreaElement).maxLength).toBe(1000);
  });

  it('typed by hand: an in-range first measure is enough', async () => {
    const user = userEvent.setup();
    const onFinish = vi.fn<(result: WizardResult) => void>();
    render(<Wizard input={temperatureInput({ commentsEnabled: true })} onFinish={onFinish} choiceStorage={null} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain(en.titles.temperatureAndComments);
    expect(finish().disabled).toBe(true);
    expect(field(en.temperature.second).disabled).toBe(true);
    await user.type(field(en.temperature.first), '36,6');
    expect(field(en.temperature.second).disabled).toBe(true);
    await user.type(field(en.comments.label), '  Parcel for reception  ');
    await user.click(finish());
    expect(onFinish.mock.lastCall![0]).toMatchObject({
      tempMeasure1: 36.6,
      tempMeasure2: null,
      comments: 'Parcel for reception',
    });
  });

  it('typed by hand: an out-of-range first measure demands a second one', async () => {
    const user = userEvent.setup();
    const onFinish = vi.fn<(result: WizardResult) => void>();
    render(<Wizard input={temperatureInput()} onFinish={onFinish} choiceStorage={null} />);
    await user.type(field(en.temperature.first), '38.2');
    const second = field(en.temperature.second);
    expect(second.disabled).toBe(false);
    expect(second.required).toBe(true);
    expect(screen.getByText(en.temperature.secondNeeded)).toBeTruthy();
    expect(finish().disabled).toBe(true);
    await user.type(second, 'abc');
    await user.tab();
    expect(
      screen.getByText(en.temperature.invalid.replace('{{min}}', '25 °C').replace('{{max}}', '45 °C')),
    ).toBeTruthy();
    await user.clear(second);
    await user.type(second, '37.1');
    await user.click(finish());
    expect(onFinish.mock.lastCall![0]).toMatchObject({ tempMeasure1: 38.2, tempMeasure2: 37.1 });
  });

  it('a first measure back in range drops the second', async () => {
    const user = userEvent.setup();
    const onFinish = vi.fn<(result: WizardResult) => void>();
    render(<Wizard input={temperatureInput()} onFinish={onFinish} choiceStorage={null} />);
    await user.type(field(en.temperature.first), '38');
    await user.type(field(en.temperature.second), '38.5');
    await user.clear(field(en.temperature.first));
    await user.type(field(en.temperature.first), '36.8');
    expect(field(en.temperature.second).value).toBe('');
    expect(field(en.temperature.second).disabled).toBe(true);
    await user.click(finish());
    expect(onFinish.mock.lastCall![0]).toMatchObject({ tempMeasure1: 36.8, tempMeasure2: null });
  });
});

describe('the entry cameras', () => {
  const cameras = { ENTRY: { 'cam-lobby': 'Lobby', 'cam-gate': 'Gate' }, EXIT: {} };

  it('fills the first measure, then the second when the first is out of range', async () => {
    const user = userEvent.setup();
    const camera = fakeCamera([38.8, 37.04]);
    const onFinish = vi.fn<(result: WizardResult) => void>();
    render(<Wizard input={temperatureInput({ cameras })} onFinish={onFinish} camera={camera} choiceStorage={null} />);
    const picture = screen.getByRole('img', { name: en.temperature.picture.replace('{{name}}', 'Lobby') });
    expect(picture.getAttribute('src')).toMatch(/^\/pictures\/cam-lobby\?x=\d+$/);

    await user.click(screen.getByRole('button', { name: en.temperature.read }));
    await screen.findByText(en.temperature.readFirst.replace('{{value}}', '38.8 °C'));
    expect(field(en.temperature.first).value).toBe('38.8');
    expect(field(en.temperature.second).disabled).toBe(false);

    await user.click(screen.getByRole('button', { name: en.temperature.read }));
    await screen.findByText(en.temperature.readSecond.replace('{{value}}', '37.04 °C'));
    expect(field(en.temperature.second).value).toBe('37.04');
    await user.click(finish());
    expect(onFinish.mock.lastCall![0]).toMatchObject({ tempMeasure1: 38.8, tempMeasure2: 37.04 });
    expect(camera.reads).toEqual(['cam-lobby', 'cam-lobby']);
  });

  it('remembers the chosen entry camera on this device', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage({ [cameraChoiceKey('ENTRY')]: 'cam-gate' });
    const camera = fakeCamera([36.5]);
    const view = render(
      <Wizard input={temperatureInput({ cameras })} onFinish={vi.fn()} camera={camera} choiceStorage={storage} />,
    );
    const select = screen.getByLabelText(en.temperature.camera) as HTMLSelectElement;
    expect(select.value).toBe('cam-gate');
    await user.selectOptions(select, 'cam-lobby');
    expect(storage.values[cameraChoiceKey('ENTRY')]).toBe('cam-lobby');
    view.unmount();

    render(<Wizard input={temperatureInput({ cameras })} onFinish={vi.fn()} camera={camera} choiceStorage={storage} />);
    expect((screen.getByLabelText(en.temperature.camera) as HTMLSelectElement).value).toBe('cam-lobby');
    await user.click(screen.getByRole('button', { name: en.temperature.read }));
    await screen.findByText(en.temperature.readFirst.replace('{{value}}', '36.5 °C'));
    expect(camera.reads).toEqual(['cam-lobby']);
  });

  it('says so when the camera gives no picture or no reading', async () => {
    const user = userEvent.setup();
    render(
      <Wizard
        input={temperatureInput({ cameras: { ENTRY: { 'cam-lobby': 'Lobby' }, EXIT: {} } })}
        onFinish={vi.fn()}
        camera={fakeCamera([null])}
        choiceStorage={null}
      />,
    );
    expect(screen.getByText(en.temperature.cameraName.replace('{{name}}', 'Lobby'))).toBeTruthy();
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByText(en.temperature.noPicture)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: en.temperature.read }));
    await screen.findByText(en.temperature.noReading);
    expect(field(en.temperature.first).value).toBe('');
  });
});
