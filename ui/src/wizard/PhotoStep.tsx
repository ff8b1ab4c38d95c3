import { useEffect, useRef, useState } from 'react';
import { capturePhoto } from './photoCapture.ts';
import { useWizardTexts } from './wizardTexts.tsx';

export interface PhotoStepProps {
  mode: 'OPTIONAL' | 'REQUIRED';
  fromKiosk: boolean;
  photo: string | null;
  cameraUnavailable: boolean;
  onPhoto: (photo: string | null) => void;
  onCameraUnavailable: () => void;
  /** Skip an optional photo and go to the next step. */
  onSkip: () => void;
}

type Camera = 'starting' | 'live' | 'failed';

/**
 * The photo step (docs/check-in.md, "The wizard"): the front camera's picture mirrored with an
 * oval guide, Take photo, then the photo with Retake. Loaded only when a building takes photos,
 * so no other screen carries it. The camera runs only while the step shows a live picture.
 */
export function PhotoStep(props: PhotoStepProps) {
  const { mode, fromKiosk, photo, cameraUnavailable, onPhoto, onCameraUnavailable, onSkip } = props;
  const { t } = useWizardTexts();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<Camera>('starting');
  const [taking, setTaking] = useState(false);
  const [said, setSaid] = useState('');
  const [failed, setFailed] = useState(false);
  const live = photo === null && !cameraUnavailable;

  useEffect(() => {
    if (!live) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    const video = videoRef.current;
    const start = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
        const opened = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
        if (stopped) {
          opened.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = opened;
        if (!video) return;
        video.srcObject = opened;
        // Take photo waits for the first picture: before it the video has no size to cut.
        const ready = () => {
          if (!stopped) setCamera('live');
        };
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) ready();
        else video.addEventListener('loadeddata', ready, { once: true });
        // Autoplay and muted are set: a refusal to play leaves the frame still, not broken.
        void Promise.resolve(video.play()).catch(() => undefined);
      } catch {
        if (stopped) return;
        setCamera('failed');
        onCameraUnavailable();
      }
    };
    void start();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
      if (video) video.srcObject = null;
    };
  }, [live, onCameraUnavailable]);

  const take = async () => {
    const video = videoRef.current;
    if (!video || taking) return;
    setTaking(true);
    setFailed(false);
    try {
      const taken = await capturePhoto(video);
      if (taken) {
        onPhoto(taken);
        setSaid(t('photo.taken'));
      } else setFailed(true);
    } catch {
      setFailed(true);
    } finally {
      setTaking(false);
    }
  };
  const retake = () => {
    setSaid('');
    setCamera('starting');
    onPhoto(null);
  };

  const unavailable = cameraUnavailable || camera === 'failed';
  return (
    <div className="wizard-photo">
      <p>{mode === 'REQUIRED' ? t('photo.introRequired') : t('photo.intro')}</p>
      {unavailable ? (
        <p className={mode === 'REQUIRED' && !fromKiosk ? 'notice notice-error' : 'notice'}>
          {mode === 'OPTIONAL'
            ? t('photo.unavailableOptional')
            : fromKiosk
              ? t('photo.unavailableKiosk')
              : t('photo.unavailableRequired')}
        </p>
      ) : photo !== null ? (
        <div className="photo-frame">
          <img className="photo-preview" src={`data:image/jpeg;base64,${photo}`} alt={t('photo.preview')} />
        </div>
      ) : (
        <div className="photo-frame">
          <video ref={videoRef} className="photo-video" autoPlay muted playsInline aria-label={t('photo.video')} />
          <div className="photo-oval" aria-hidden="true" />
          {camera === 'starting' && <p className="photo-starting">{t('photo.starting')}</p>}
        </div>
      )}
      <p role="status" className={said ? 'photo-said' : 'live-empty'}>
        {said}
      </p>
      {failed && <p className="notice notice-error">{t('photo.failed')}</p>}
      <div className="photo-buttons">
        {!unavailable && photo === null && (
          <button
            type="button"
            className="button primary photo-take"
            onClick={() => void take()}
            disabled={camera !== 'live' || taking}
          >
            {t('photo.take')}
          </button>
        )}
        {photo !== null && (
          <button type="button" className="button secondary" onClick={retake}>
            {t('photo.retake')}
          </button>
        )}
        {mode === 'OPTIONAL' && photo === null && !unavailable && (
          <button type="button" className="button secondary" onClick={onSkip}>
            {t('photo.skip')}
          </button>
        )}
      </div>
    </div>
  );
}
