import { useCallback, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate, pagePath } from '../../app/router.ts';
import type { KioskConfig } from '../../offline/kioskConfig.ts';
import type { SyncRunner } from '../../offline/runtime.ts';
import { useKioskConfig } from '../../offline/useKioskConfig.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { LoadFailed, Loading } from '../../ui/Status.tsx';
import { KioskIdleNotice, useBuildingLanguage, kioskIdleMs } from '../checkin/index.ts';
import { CheckOutDone } from '../checkout/index.ts';
import { type CheckOutTarget, type FoundVisit, configCovers } from './localCheckOut.ts';
import { ResultsScreen } from './ResultsScreen.tsx';
import { SearchScreen } from './SearchScreen.tsx';
import { CheckOutOfVisit } from './VisitCheckOut.tsx';

type Screen =
  | { kind: 'search' }
  | { kind: 'results'; found: FoundVisit[]; offline: boolean }
  | { kind: 'checkOut'; target: CheckOutTarget }
  | { kind: 'done'; savedOffline: boolean };

/**
 * /buildingCheckOut/{qrCodeKey}: a kiosk's self check-out, by last name, phone digits or visit
 * code. It runs from the kiosk's cached configuration and finds visits among those the device
 * knows first (made here, or today's list from the server), so it works offline; a visit found
 * there is checked out through the outbox (docs/kiosk.md, "Self check-out"). Online, a search that finds nothing on the
 * device asks the server, and a visit only the server knows is checked out with it.
 */
export function BuildingCheckOutPage({ qrCodeKey, search }: { qrCodeKey: string; search: string }) {
  const { t, i18n } = useTranslation('publicVisit');
  const [inUse, setInUse] = useState(false);
  // Idle: nobody at the kiosk and its own language; only then may a new configuration take over.
  const [idle, setIdle] = useState(true);
  const kiosk = useKioskConfig(qrCodeKey, idle);
  const config = kiosk.status === 'ready' ? kiosk.config : null;
  const baseLocale = useBuildingLanguage(config?.building.building.defaultLocale ?? null, true);
  const idleNow = !inUse && i18n.resolvedLanguage === baseLocale;
  if (idle !== idleNow) setIdle(idleNow);
  const { runner } = kiosk;
  // Today's visits are re-read as the page opens, so the device's list is fresh when online.
  useEffect(() => {
    runner.refreshVisitsSoon();
  }, [runner]);
  const sync = useSyncExternalStore(runner.subscribe, runner.getSnapshot);
  const online = sync.online && sync.failures === 0;
  /** Back to the kiosk's welcome screen (its home), where a new configuration or version may apply. */
  const home = useCallback(() => {
    navigate(`${pagePath('checkinKiosk', qrCodeKey)}${search}`, { replace: true });
  }, [qrCodeKey, search]);
  /** After a check-out the next person finds the kiosk as new, in its language. */
  const nextPerson = useCallback(() => {
    if (i18n.resolvedLanguage !== baseLocale) void i18n.changeLanguage(baseLocale);
    home();
  }, [i18n, baseLocale, home]);
  return (
    <PageFrame
      building={config?.building.building}
      title={t('buildingCheckOut.title')}
      kiosk
      privacyNotice={config?.building.privacyNotice ?? null}
    >
      {kiosk.status === 'loading' && <Loading />}
      {kiosk.status === 'error' && (
        <LoadFailed title={t('offline.setupFailed')} error={kiosk.error} onRetry={kiosk.retry} />
      )}
      {config && (
        <SelfCheckOut
          qrCodeKey={qrCodeKey}
          config={config}
          runner={runner}
          online={online}
          onUse={() => setInUse(true)}
          onFinished={nextPerson}
          onHome={home}
        />
      )}
      {config && <KioskIdleNotice inUse idleMs={kioskIdleMs(search)} baseLocale={baseLocale} onReset={home} />}
    </PageFrame>
  );
}

interface SelfCheckOutProps {
  qrCodeKey: string;
  config: KioskConfig;
  runner: SyncRunner;
  online: boolean;
  onUse: () => void;
  onFinished: () => void;
  /** Back to the kiosk's check-in (a fullscreen tablet has no Back button). */
  onHome: () => void;
}

function SelfCheckOut({ qrCodeKey, config, runner, online, onUse, onFinished, onHome }: SelfCheckOutProps) {
  const { t } = useTranslation('publicVisit');
  const [screen, setScreen] = useState<Screen>({ kind: 'search' });
  const idPrefix = useId().replace(/:/g, '');
  /**
   * A visit of a person type the cached configuration lacks (no exit questionnaires cached) is
   * checked out with the server when it can be; offline, through the outbox all the same.
   */
  const open = (target: CheckOutTarget) => {
    const publicIdentifier = target.kind === 'local' ? target.visit.publicIdentifier : null;
    const useServer = target.kind === 'local' && online && publicIdentifier && !configCovers(config, target.visit);
    setScreen({ kind: 'checkOut', target: useServer ? { kind: 'server', publicIdentifier } : target });
  };
  switch (screen.kind) {
    case 'search':
      return (
        <SearchScreen
          qrCodeKey={qrCodeKey}
          runner={runner}
          online={online}
          idPrefix={idPrefix}
          onUse={onUse}
          onResults={(found, offline) => setScreen({ kind: 'results', found, offline })}
          onVisit={open}
          onHome={onHome}
        />
      );
    case 'results':
      return (
        <ResultsScreen
          found={screen.found}
          offline={screen.offline}
          onChoose={open}
          onSearchAgain={() => setScreen({ kind: 'search' })}
        />
      );
    case 'checkOut':
      return (
        <CheckOutOfVisit
          qrCodeKey={qrCodeKey}
          target={screen.target}
          config={config}
          runner={runner}
          idPrefix={idPrefix}
          onDone={() => setScreen({ kind: 'done', savedOffline: screen.target.kind === 'local' && !online })}
          onBack={() => setScreen({ kind: 'search' })}
        />
      );
    case 'done':
      return (
        <CheckOutDone onDone={onFinished}>
          {screen.savedOffline && (
            <p className="notice notice-info" data-testid="checkout-saved-offline">
              {t('buildingCheckOut.savedOffline')}
            </p>
          )}
        </CheckOutDone>
      );
  }
}
