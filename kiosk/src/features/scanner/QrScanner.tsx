import { BrowserQRCodeReader } from '@zxing/browser';
import { type FormEvent, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/TextField.tsx';
import { browserChoiceStorage, type ChoiceStorage } from '../wizard/index.ts';
import { type ParsedCode, VISIT_CODE_LENGTH, parseScannedCode } from './scannedCode.ts';

// Loaded on demand through LazyQrScanner.tsx: @zxing stays out of the first screen's JS.

/** Where the kiosk scans: each has its own remembered camera. */
export type ScannerPurpose = 'entry' | 'exit';

export interface ScannerCamera {
  id: string;
  label: string;
}

export interface RunningScan {
  /** The camera in use, when the browser tells it. */
  deviceId: string | null;
  /** The picture is shown as in a mirror (a camera facing the person). */
  mirrored: boolean;
  /** Stops reading and releases the camera; can be called more than once. */
  stop: () => void;
}

/** The camera side of the scanner; tests give a fake one. */
export interface CodeReader {
  /** False when the page has no camera access at all (no mediaDevices, e.g. an insecure page). */
  available: () => boolean;
  /** The cameras; ids and labels can be empty until the camera is allowed. */
  listCameras: () => Promise<ScannerCamera[]>;
  /** Shows the camera (`null`: the browser's choice) in `video` and calls `onText` with each text read. */
  start: (deviceId: string | null, video: HTMLVideoElement, onText: (text: string) => void) => Promise<RunningScan>;
}

/** Time between two decoding attempts: enough for a code held up, light on a tablet's processor. */
export const SCAN_INTERVAL_MS = 250;
/**
 * How long a camera may take to show its first picture before it counts as failed: a tablet
 * starting its camera for the first time, busy or slow, takes seconds (5 s failed such starts).
 */
const CAMERA_START_TIMEOUT_MS = 20_000;
/** How long "not a Vestibule code" stays after the last such read. */
export const REJECTED_MESSAGE_MS = 3000;

/** Shows the stream in the video and waits for its first picture (a camera starting takes seconds). */
async function showStream(video: HTMLVideoElement, stream: MediaStream): Promise<void> {
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  let timer: number | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = window.setTimeout(() => reject(new Error('The camera showed no picture')), CAMERA_START_TIMEOUT_MS);
  });
  try {
    await Promise.race([video.play(), late]);
  } finally {
    window.clearTimeout(timer);
  }
}

/**
 * Reads the video's current picture every SCAN_INTERVAL_MS until stopped. Each attempt draws the
 * picture at the size the video has then (a tablet turned, a camera that starts small), skips a
 * moment without a picture, and loses only that attempt when it fails, whatever the failure: the
 * reader's own loop sized its canvas once and stopped for good on an error it did not expect,
 * leaving "Looking for a QR code…" on a camera that no longer read anything.
 */
function scanEvery(reader: BrowserQRCodeReader, video: HTMLVideoElement, onText: (text: string) => void) {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let timer: number | undefined;
  let stopped = false;
  const attempt = () => {
    const { videoWidth: width, videoHeight: height } = video;
    if (!context || width === 0 || height === 0 || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return null;
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    try {
      context.drawImage(video, 0, 0, width, height);
      return reader.decodeFromCanvas(canvas).getText();
    } catch {
      return null;
    }
  };
  let attempts = 0;
  const tick = () => {
    if (stopped) return;
    const text = attempt();
    // What the loop did, on the video for whoever looks at a camera that reads nothing (a test's report).
    attempts += 1;
    video.dataset.scanAttempts = String(attempts);
    if (text !== null) video.dataset.lastRead = text;
    if (text !== null) onText(text);
    if (!stopped) timer = window.setTimeout(tick, SCAN_INTERVAL_MS);
  };
  tick();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
  };
}

/** The real reader: @zxing/browser's QR code decoder on the page's camera. */
export const zxingReader: CodeReader = {
  available: () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function',
  listCameras: async () =>
    (await BrowserQRCodeReader.listVideoInputDevices()).map((device) => ({ id: device.deviceId, label: device.label })),
  start: async (deviceId, video, onText) => {
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: deviceId === null ? true : { deviceId: { exact: deviceId } },
    });
    const release = () => {
      stream.getTracks().forEach((track) => track.stop());
      if (video.srcObject === stream) video.srcObject = null;
    };
    try {
      await showStream(video, stream);
    } catch (error) {
      release();
      throw error;
    }
    const stopScanning = scanEvery(new BrowserQRCodeReader(), video, onText);
    const settings = stream.getVideoTracks()[0]?.getSettings();
    let stopped = false;
    return {
      deviceId: settings?.deviceId || deviceId,
      mirrored: settings?.facingMode !== 'environment',
      stop: () => {
        if (stopped) return;
        stopped = true;
        stopScanning();
        release();
      },
    };
  },
};

/** Browser storage key of the camera chosen for scanning at entries or at exits. */
export function scannerCameraKey(purpose: ScannerPurpose): string {
  return `kioskScannerCamera.${purpose}`;
}

function readCamera(storage: ChoiceStorage | null, purpose: ScannerPurpose): string | null {
  try {
    return storage?.getItem(scannerCameraKey(purpose)) || null;
  } catch {
    return null;
  }
}

function rememberCamera(storage: ChoiceStorage | null, purpose: ScannerPurpose, id: string): void {
  try {
    storage?.setItem(scannerCameraKey(purpose), id);
  } catch {
    // Storage unavailable: the choice lasts while the scanner is shown.
  }
}

type Failure = 'unsupported' | 'denied' | 'noCamera' | 'cameraFailed';
type CameraStatus = { kind: 'starting' } | { kind: 'scanning'; mirrored: boolean } | { kind: 'read' } | Failed;
type Failed = { kind: 'failed'; reason: Failure };

const errorName = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';

/** getUserMedia's refusals, by the name browsers give them. */
function failureOf(error: unknown): Failure {
  const name = errorName(error);
  if (['NotAllowedError', 'PermissionDeniedError', 'SecurityError'].includes(name)) return 'denied';
  if (['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError'].includes(name)) return 'noCamera';
  return 'cameraFailed';
}

export interface QrScannerProps {
  /** Entry or exit: each remembers its own camera. */
  purpose: ScannerPurpose;
  /**
   * A code was scanned or typed. The camera is stopped; mount the scanner again (a new `key`)
   * to scan once more. A typed code can be submitted again.
   */
  onCode: (code: ParsedCode) => void;
  onCancel: () => void;
  /** The camera side (default: @zxing/browser). */
  reader?: CodeReader;
  /** Where the chosen camera is remembered (default: localStorage). */
  storage?: ChoiceStorage | null;
}

/**
 * Reads the QR code of an invitation or a visit with the camera, and always offers to type
 * the visit code instead (the only way when the camera is refused or missing).
 */
export function QrScanner({
  purpose,
  onCode,
  onCancel,
  reader = zxingReader,
  storage = browserChoiceStorage(),
}: QrScannerProps) {
  const { t } = useTranslation('scanner');
  const idPrefix = `scanner-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const codeId = `${idPrefix}-code`;
  const videoRef = useRef<HTMLVideoElement>(null);
  const runningRef = useRef<RunningScan | null>(null);
  const readRef = useRef(false);
  const [supported] = useState(() => reader.available());
  const [status, setStatus] = useState<CameraStatus>(() =>
    supported ? { kind: 'starting' } : { kind: 'failed', reason: 'unsupported' },
  );
  // The camera asked for (remembered or chosen) and each new start (a choice, Try again).
  const [requested, setRequested] = useState(() => readCamera(storage, purpose));
  const [attempt, setAttempt] = useState(0);
  const [cameras, setCameras] = useState<ScannerCamera[]>([]);
  const [activeId, setActiveId] = useState<string | null>(null);
  // Counts the reads of foreign codes: each one keeps the message up a little longer.
  const [rejections, setRejections] = useState(0);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const stopCamera = () => {
    runningRef.current?.stop();
    runningRef.current = null;
  };

  const handleText = useEffectEvent((text: string) => {
    if (readRef.current) return;
    const parsed = parseScannedCode(text);
    if (parsed === null) {
      setRejections((count) => count + 1);
      return;
    }
    readRef.current = true;
    stopCamera();
    setStatus({ kind: 'read' });
    onCode(parsed);
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!supported || video === null) return;
    let cancelled = false;
    let running: RunningScan | null = null;
    const onText = (text: string) => handleText(text);
    const run = async () => {
      // Before the camera is allowed, the list can be empty or without ids: the remembered
      // camera is then tried as it is, and getUserMedia says whether there is a camera at all.
      const listed = await reader.listCameras().catch((): ScannerCamera[] => []);
      if (cancelled) return;
      const ids = listed.map((camera) => camera.id).filter((id) => id !== '');
      const deviceId = requested !== null && (ids.length === 0 || ids.includes(requested)) ? requested : null;
      let started: RunningScan;
      try {
        started = await reader.start(deviceId, video, onText);
      } catch (error) {
        // The remembered camera is gone: the browser's choice instead.
        if (deviceId === null || cancelled || failureOf(error) !== 'noCamera') throw error;
        started = await reader.start(null, video, onText);
      }
      if (cancelled || readRef.current) {
        started.stop();
        return;
      }
      running = started;
      runningRef.current = started;
      setStatus({ kind: 'scanning', mirrored: started.mirrored });
      setActiveId(started.deviceId ?? deviceId);
      // Once allowed, the cameras have their ids and names.
      const allowed = await reader.listCameras().catch(() => listed);
      if (!cancelled) setCameras(allowed.filter((camera) => camera.id !== ''));
    };
    run().catch((error: unknown) => {
      if (!cancelled) setStatus({ kind: 'failed', reason: failureOf(error) });
    });
    return () => {
      cancelled = true;
      if (running !== null && runningRef.current === running) {
        running.stop();
        runningRef.current = null;
      }
    };
  }, [reader, supported, requested, attempt]);

  useEffect(() => {
    if (rejections === 0) return;
    const timer = window.setTimeout(() => setRejections(0), REJECTED_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [rejections]);

  const restart = () => {
    setStatus({ kind: 'starting' });
    setRejections(0);
    setAttempt((count) => count + 1);
  };
  const chooseCamera = (id: string) => {
    rememberCamera(storage, purpose, id);
    setActiveId(id);
    setRequested(id);
    restart();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseScannedCode(code);
    if (parsed === null) {
      setCodeError(t('manual.invalid'));
      document.getElementById(codeId)?.focus();
      return;
    }
    setCodeError(null);
    readRef.current = true;
    stopCamera();
    setStatus({ kind: 'read' });
    onCode(parsed);
  };

  const live = status.kind === 'starting' || status.kind === 'scanning';
  const rejected = rejections > 0 && status.kind === 'scanning';
  const message = status.kind === 'failed' ? t(status.reason) : rejected ? t('notOurCode') : t(status.kind);
  const messageClass =
    status.kind === 'failed' ? 'notice notice-warning' : rejected ? 'notice notice-error' : 'scanner-status';
  const choices = cameras.length > 1 && activeId !== null && cameras.some((camera) => camera.id === activeId);

  return (
    <section className="scanner" aria-labelledby={`${idPrefix}-title`}>
      <h2 id={`${idPrefix}-title`}>{t('title')}</h2>
      {supported && (
        <div className="scanner-camera" hidden={!live}>
          <p className="scanner-instructions">{t(`instructions.${purpose}`)}</p>
          {choices && (
            <div className="field">
              <label htmlFor={`${idPrefix}-camera`} className="field-label">
                {t('camera')}
              </label>
              <select
                id={`${idPrefix}-camera`}
                value={activeId ?? ''}
                onChange={(event) => chooseCamera(event.target.value)}
              >
                {cameras.map((camera, index) => (
                  <option key={camera.id} value={camera.id}>
                    {camera.label || t('cameraNumber', { number: index + 1 })}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div
            className="scanner-viewport"
            data-mirrored={status.kind === 'scanning' && status.mirrored ? '' : undefined}
          >
            <video ref={videoRef} className="scanner-video" muted playsInline aria-label={t('preview')} />
            <span className="scanner-frame" aria-hidden="true" />
          </div>
        </div>
      )}
      <p role="status" className={messageClass}>
        {message}
      </p>
      {status.kind === 'failed' && status.reason !== 'unsupported' && (
        <button type="button" className="button secondary scanner-retry" onClick={restart}>
          {t('tryAgain')}
        </button>
      )}
      <form className="scanner-manual" noValidate onSubmit={submit}>
        <h3>{t('manual.title')}</h3>
        <TextField
          id={codeId}
          label={t('manual.label')}
          hint={t('manual.hint')}
          value={code}
          onChange={(value) => {
            setCode(value.toUpperCase());
            setCodeError(null);
          }}
          error={codeError}
          required
          maxLength={VISIT_CODE_LENGTH}
          autoComplete="off"
          className="scanner-code"
        />
        <div className="actions">
          <button type="submit" className="button primary">
            {t('manual.submit')}
          </button>
          <button type="button" className="button secondary" onClick={onCancel}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
