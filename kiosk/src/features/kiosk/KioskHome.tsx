import { Suspense, lazy, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useKioskConfig } from '../../offline/useKioskConfig.ts';
import { pagePath } from '../../app/router.ts';
import { useAppUpdate } from '../../pwa/appUpdate.ts';
import { accessibilityOptions, resetAccessibility, useAccessibility } from '../../ui/accessibility.ts';
import { PageFrame, logoUrl } from '../../ui/PageFrame.tsx';
import { LoadFailed, Loading } from '../../ui/Status.tsx';
import {
  CheckInFlow,
  type FlowScreen,
  type VisitPreset,
  KioskIdleNotice,
  cachedSource,
  useBuildingLanguage,
  useIdleTimer,
  kioskIdleMs,
} from '../checkin/index.ts';
import { KioskDoors } from './KioskDoors.tsx';
import { KioskStatusBar } from './KioskStatusBar.tsx';

// The attract screen shows after a minute alone: its code loads then, from the device's cache.
const KioskAttract = lazy(() => import('./KioskAttract.tsx').then((module) => ({ default: module.KioskAttract })));
// Scanning a code: its screen loads once the welcome screen shows, the scanner's code when the
// door is touched or focused (KioskDoors).
const loadScanEntry = () => import('./ScanEntry.tsx');
const ScanEntry = lazy(() => loadScanEntry().then((module) => ({ default: module.ScanEntry })));
// The staff screen opens rarely: its code loads when asked for.
const StaffScreen = lazy(() => import('./StaffScreen.tsx').then((module) => ({ default: module.StaffScreen })));

interface KioskHomeProps {
  qrCodeKey: string;
  /** ?idle= (seconds before the kiosk returns to its welcome screen). */
  search: string;
}

/**
 * /checkinKiosk/{qrCodeKey}: a lobby tablet, once enrolled (KioskGate). It runs from the
 * building configuration cached on the device, commits every check-in locally and syncs in
 * the background; a new configuration (or app version) is taken only while nobody is using it.
 */
export function KioskHome({ qrCodeKey, search }: KioskHomeProps) {
  const { t, i18n } = useTranslation('publicVisit');
  const [session, setSession] = useState(0);
  const [screen, setScreen] = useState<FlowScreen>('choose');
  const [staffOpen, setStaffOpen] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [preset, setPreset] = useState<VisitPreset | null>(null);
  // The attract screen: the kiosk left alone a while, its last check-in (if any) cleared.
  const [attract, setAttract] = useState(false);
  const accessibility = useAccessibility();
  const accessibilityChosen = accessibilityOptions.some((option) => accessibility[option]);
  // Idle: the welcome screen in the kiosk's own language, nobody at it. Only then may a new
  // configuration or app version take over.
  const [idleLanguage, setIdleLanguage] = useState(true);
  // Known before the configuration: nobody on a screen past the welcome. The language part
  // needs the configuration's default language, so it is the last render's.
  const atWelcome = screen === 'choose' && !staffOpen && !scanning && preset === null;
  const kiosk = useKioskConfig(qrCodeKey, atWelcome && idleLanguage);
  useEffect(() => {
    void loadScanEntry();
  }, []);
  const config = kiosk.status === 'ready' ? kiosk.config : null;
  const baseLocale = useBuildingLanguage(config?.building.building.defaultLocale ?? null, true);
  const inBaseLanguage = i18n.resolvedLanguage === baseLocale;
  if (idleLanguage !== inBaseLanguage) setIdleLanguage(inBaseLanguage);
  // Nothing of a person left to clear: the welcome screen, in the kiosk's language and look.
  const idleNow = atWelcome && inBaseLanguage && !accessibilityChosen;
  // A new app version, like a new configuration, takes over only now: never mid-wizard.
  useAppUpdate(idleNow);
  const idleMs = kioskIdleMs(search);
  useIdleTimer({
    enabled: idleNow && !attract && config !== null,
    timeoutMs: idleMs,
    warningMs: 0,
    onIdle: () => setAttract(true),
  });
  const source = useMemo(() => (config ? cachedSource(config, kiosk.runner) : null), [config, kiosk.runner]);
  const sync = useSyncExternalStore(kiosk.runner.subscribe, kiosk.runner.getSnapshot);
  // People of the directory identify with their PIN, which the server alone checks (PINs are
  // never cached on a kiosk): offered when the building has people, identifies them by more than
  // the building PIN (which the kiosk's credential stands for), and the kiosk is online.
  const pinOffered =
    Boolean(config?.people?.length) &&
    config?.pinIdentificationMethod !== 'PIN_BUILDING_ONLY' &&
    sync.online &&
    sync.failures === 0;
  const employeeWays = useMemo(
    () =>
      config
        ? {
            directory: config,
            onScan: () => setScanning(true),
            pinHref: pinOffered ? pagePath('employeeIdentificationKiosk', qrCodeKey) : null,
          }
        : undefined,
    [config, pinOffered, qrCodeKey],
  );
  const reset = useCallback(() => {
    setSession((count) => count + 1);
    setScreen('choose');
    setStaffOpen(false);
    setScanning(false);
    setPreset(null);
    resetAccessibility();
    window.scrollTo?.(0, 0);
  }, []);
  const nextPerson = useCallback(() => {
    if (i18n.resolvedLanguage !== baseLocale) void i18n.changeLanguage(baseLocale);
    reset();
  }, [i18n, baseLocale, reset]);

  if (attract && config) {
    return (
      <Suspense fallback={null}>
        <KioskAttract
          buildingName={config.building.building.name}
          logo={logoUrl(config.building.building)}
          onWake={() => setAttract(false)}
        />
      </Suspense>
    );
  }

  return (
    <PageFrame
      building={config?.building.building}
      title={t('checkIn.title')}
      kiosk
      hideLogo={atWelcome}
      privacyNotice={config?.building.privacyNotice ?? null}
    >
      {kiosk.status === 'loading' && <Loading />}
      {kiosk.status === 'error' && (
        <LoadFailed title={t('offline.setupFailed')} error={kiosk.error} onRetry={kiosk.retry} />
      )}
      {source && config && staffOpen && (
        <Suspense fallback={<Loading />}>
          <StaffScreen config={config} runner={kiosk.runner} onClose={() => setStaffOpen(false)} />
        </Suspense>
      )}
      {source && config && scanning && !staffOpen && (
        <Suspense fallback={<Loading />}>
          <ScanEntry
            db={kiosk.runner.db}
            kiosk={{
              qrCodeKey,
              buildingId: config.building.building.id,
              buildingName: config.building.building.name,
            }}
            directory={config}
            onVisit={(visit) => {
              setScanning(false);
              setPreset(visit);
            }}
            onClose={() => setScanning(false)}
          />
        </Suspense>
      )}
      {source && config && !staffOpen && !scanning && (
        <CheckInFlow
          key={`${session}|${preset?.visit?.id ?? preset?.person?.personId ?? ''}`}
          source={source}
          preset={preset ?? undefined}
          onExit={preset ? nextPerson : undefined}
          onScreenChange={setScreen}
          onDone={nextPerson}
          employee={employeeWays}
          welcome={{
            logo: logoUrl(config.building.building),
            text: config.building.building.welcomeText ?? '',
            doors: (
              <KioskDoors
                qrCodeKey={qrCodeKey}
                onScan={() => setScanning(true)}
                pinHref={employeeWays?.pinHref ?? null}
              />
            ),
          }}
        />
      )}
      {source && atWelcome && <KioskStatusBar runner={kiosk.runner} onStaff={() => setStaffOpen(true)} />}
      {source && (
        // An outcome screen returns to the welcome screen by its own, shorter countdown.
        <KioskIdleNotice
          inUse={!idleNow && screen !== 'outcome'}
          idleMs={idleMs}
          baseLocale={baseLocale}
          onReset={() => {
            reset();
            setAttract(true);
          }}
        />
      )}
    </PageFrame>
  );
}
