import { useEffect, useRef, useState } from 'react';
import { useWizardTexts } from './wizardTexts.tsx';
import { type CameraPlace, chosenCamera, rememberCamera } from './cameraChoice.ts';
import type { CameraReader, ChoiceStorage } from './wizard.types.ts';

interface CameraPanelProps {
  idPrefix: string;
  place: CameraPlace;
  /** Camera id to name. */
  cameras: Record<string, string>;
  reader: CameraReader;
  storage: ChoiceStorage | null;
  /** A reading arrived; answers the message to announce. */
  onReading: (value: number) => string;
}

/** A camera's picture and a button that reads its temperature; the chosen camera is remembered. */
export function CameraPanel({ idPrefix, place, cameras, reader, storage, onReading }: CameraPanelProps) {
  const { t } = useWizardTexts();
  const ids = Object.keys(cameras);
  const [cameraId, setCameraId] = useState(() => chosenCamera(storage, place, ids));
  const [stamp, setStamp] = useState(() => Date.now());
  const [pictureFailed, setPictureFailed] = useState(false);
  const [reading, setReading] = useState(false);
  const [message, setMessage] = useState('');
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  if (cameraId === null) return null;
  const name = cameras[cameraId] ?? '';

  const refreshPicture = () => {
    setPictureFailed(false);
    setStamp(Date.now());
  };
  const choose = (id: string) => {
    setCameraId(id);
    rememberCamera(storage, place, id);
    setMessage('');
    refreshPicture();
  };
  const read = async () => {
    setReading(true);
    setMessage(t('temperature.reading'));
    const value = await reader.readTemperature(cameraId).catch(() => null);
    if (!mounted.current) return;
    setReading(false);
    setMessage(value === null ? t('temperature.noReading') : onReading(value));
    refreshPicture();
  };

  return (
    <fieldset className="camera">
      <legend>{t('temperature.cameraLegend')}</legend>
      {ids.length > 1 ? (
        <div className="field">
          <label htmlFor={`${idPrefix}-camera`} className="field-label">
            {t('temperature.camera')}
          </label>
          <select id={`${idPrefix}-camera`} value={cameraId} onChange={(event) => choose(event.target.value)}>
            {ids.map((id) => (
              <option key={id} value={id}>
                {cameras[id]}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="camera-name">{t('temperature.cameraName', { name })}</p>
      )}
      <div className="camera-picture">
        {pictureFailed ? (
          <p className="camera-no-picture">{t('temperature.noPicture')}</p>
        ) : (
          <img
            src={reader.pictureUrl(cameraId, stamp)}
            alt={t('temperature.picture', { name })}
            onError={() => setPictureFailed(true)}
          />
        )}
      </div>
      <div className="camera-buttons">
        <button type="button" className="button secondary" onClick={refreshPicture}>
          {t('temperature.refreshPicture')}
        </button>
        <button type="button" className="button" disabled={reading} onClick={() => void read()}>
          {reading ? t('temperature.reading') : t('temperature.read')}
        </button>
      </div>
      <p className="camera-message" role="status">
        {message}
      </p>
    </fieldset>
  );
}
