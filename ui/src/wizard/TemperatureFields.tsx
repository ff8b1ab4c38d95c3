import { temperatureSymbol } from '@vestibule/shared';
import { useWizardTexts } from './wizardTexts.tsx';
import { TextField } from './TextField.tsx';
import { CameraPanel } from './CameraPanel.tsx';
import type { CameraPlace } from './cameraChoice.ts';
import {
  type TemperatureRange,
  type TemperatureTexts,
  checkTemperatures,
  formatTemperature,
  plausibleTemperature,
  withCameraReading,
  withFirstMeasure,
} from './temperatureInput.ts';
import type { CameraReader, ChoiceStorage } from './wizard.types.ts';

interface TemperatureFieldsProps {
  idPrefix: string;
  range: TemperatureRange;
  texts: TemperatureTexts;
  onChange: (texts: TemperatureTexts) => void;
  touched: Record<string, boolean>;
  onTouch: (key: string) => void;
  /** Cameras that can measure here (id to name), with the reader that talks to them. */
  cameras?: Record<string, string>;
  camera?: CameraReader;
  place: CameraPlace;
  storage: ChoiceStorage | null;
}

export const FIRST_KEY = 'temperature.first';
export const SECOND_KEY = 'temperature.second';

/**
 * The two temperature measures: the second is needed (and enabled) only when the first is
 * outside the building's range; a camera reading fills the first, or the second then.
 */
export function TemperatureFields(props: TemperatureFieldsProps) {
  const { t, locale } = useWizardTexts();
  const { idPrefix, range, texts, onChange, touched, onTouch } = props;
  const check = checkTemperatures(texts, range);
  const plausible = plausibleTemperature[range.unit];
  const errorText = (error: 'required' | 'invalid' | null) =>
    error === 'required'
      ? t('temperature.required')
      : error === 'invalid'
        ? t('temperature.invalid', {
            min: formatTemperature(plausible.min, range.unit, locale),
            max: formatTemperature(plausible.max, range.unit, locale),
          })
        : null;
  const cameraIds = Object.keys(props.cameras ?? {});
  const onReading = (value: number) => {
    const { texts: next, filled } = withCameraReading(texts, value, range);
    onChange(next);
    const shown = formatTemperature(Math.round(value * 100) / 100, range.unit, locale);
    return t(filled === 'first' ? 'temperature.readFirst' : 'temperature.readSecond', { value: shown });
  };
  return (
    <fieldset className="temperature">
      <legend className="field-label">{t('temperature.legend', { unit: temperatureSymbol(range.unit) })}</legend>
      {props.camera && props.cameras && cameraIds.length > 0 && (
        <CameraPanel
          idPrefix={idPrefix}
          place={props.place}
          cameras={props.cameras}
          reader={props.camera}
          storage={props.storage}
          onReading={onReading}
        />
      )}
      <div className="temperature-measures">
        <TextField
          id={`${idPrefix}-temperature-1`}
          label={t('temperature.first')}
          value={texts.first}
          required
          inputMode="decimal"
          autoComplete="off"
          maxLength={6}
          showCounter={false}
          error={touched[FIRST_KEY] ? errorText(check.firstError) : null}
          onChange={(value) => onChange(withFirstMeasure(texts, value, range))}
          onBlur={() => onTouch(FIRST_KEY)}
        />
        <TextField
          id={`${idPrefix}-temperature-2`}
          label={t('temperature.second')}
          value={texts.second}
          required={check.secondEnabled}
          disabled={!check.secondEnabled}
          inputMode="decimal"
          autoComplete="off"
          maxLength={6}
          showCounter={false}
          hint={check.secondEnabled ? null : t('temperature.secondDisabled')}
          error={check.secondEnabled && touched[SECOND_KEY] ? errorText(check.secondError) : null}
          onChange={(value) => onChange({ ...texts, second: value })}
          onBlur={() => onTouch(SECOND_KEY)}
        />
      </div>
      <p className={check.secondEnabled ? 'notice notice-warning' : 'live-empty'} role="status">
        {check.secondEnabled && t('temperature.secondNeeded')}
      </p>
    </fieldset>
  );
}
