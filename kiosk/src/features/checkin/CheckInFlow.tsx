import {
  type CheckInBuilding,
  type CheckInResponse,
  type VisitSummary,
  type WizardVisitorType,
} from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../ui/errorMessage.ts';
import { LoadFailed, Loading } from '../../ui/Status.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import type { WizardInput, WizardResult } from '../wizard/wizard.types.ts';
import { AlreadyCheckedIn, CheckInOutcome } from './CheckInOutcome.tsx';
import { PersonTypeChoice } from './PersonTypeChoice.tsx';
import { type Channel, fetchCheckInData, postCheckIn, serverCamera } from './checkin.api.ts';
import { kioskDeviceId } from './kioskDevice.ts';

// The wizard (and the markdown renderer) load while the person picks who they are.
const loadWizard = () => import('../wizard/Wizard.tsx');
const Wizard = lazy(() => loadWizard().then((module) => ({ default: module.Wizard })));

export type FlowScreen = 'choose' | 'wizard' | 'outcome' | 'alreadyIn';

/** A known visit (an invitation, a visit checking in again) that the wizard starts from. */
export interface VisitPreset {
  visit: VisitSummary;
  visitorType: WizardVisitorType;
  checkingBack: boolean;
}

interface CheckInFlowProps {
  building: CheckInBuilding;
  channel: Channel;
  preset?: VisitPreset;
  /** Leaves a preset flow (Cancel, Done). */
  onExit?: () => void;
  /** After an outcome (Done, Start again): a kiosk starts afresh for the next person. */
  onDone?: () => void;
  onScreenChange?: (screen: FlowScreen) => void;
}

type Screen =
  | { kind: 'choose' }
  | { kind: 'wizard'; visitorType: WizardVisitorType; attempt: number; notice: string | null; checkingBack: boolean }
  | { kind: 'outcome'; response: CheckInResponse }
  | { kind: 'alreadyIn' };

/** Person type, wizard, outcome: the check-in of one person, on their phone or on a kiosk. */
export function CheckInFlow({ building, channel, preset, onExit, onDone, onScreenChange }: CheckInFlowProps) {
  const start: Screen = preset
    ? { kind: 'wizard', visitorType: preset.visitorType, attempt: 0, notice: null, checkingBack: preset.checkingBack }
    : { kind: 'choose' };
  const [screen, setScreen] = useState<Screen>(start);
  useEffect(() => {
    onScreenChange?.(screen.kind);
  }, [screen.kind, onScreenChange]);
  useEffect(() => {
    void loadWizard();
  }, []);

  const restart = useCallback(() => {
    if (onExit) onExit();
    else setScreen({ kind: 'choose' });
  }, [onExit]);

  switch (screen.kind) {
    case 'choose':
      return (
        <PersonTypeChoice
          buildingName={building.building.name}
          visitorTypes={building.visitorTypes}
          checkOutKey={channel.kiosk ? building.qrCodeKey : null}
          onChoose={(visitorType) =>
            setScreen({ kind: 'wizard', visitorType, attempt: 0, notice: null, checkingBack: false })
          }
        />
      );
    case 'wizard':
      return (
        <WizardScreen
          key={`${screen.visitorType}-${screen.attempt}`}
          building={building}
          channel={channel}
          visitorType={screen.visitorType}
          preset={preset}
          checkingBack={screen.checkingBack}
          notice={screen.notice}
          onCancel={restart}
          onOutcome={(response) => setScreen({ kind: 'outcome', response })}
          onAlreadyIn={() => setScreen({ kind: 'alreadyIn' })}
          onRedo={(notice) => setScreen({ ...screen, attempt: screen.attempt + 1, notice, checkingBack: false })}
        />
      );
    case 'outcome':
      return (
        <CheckInOutcome
          response={screen.response}
          building={building.building}
          kiosk={channel.kiosk}
          onDone={restart}
        />
      );
    case 'alreadyIn':
      return <AlreadyCheckedIn kiosk={channel.kiosk} qrCodeKey={building.qrCodeKey} onDone={onDone ?? restart} />;
  }
}

interface WizardScreenProps {
  building: CheckInBuilding;
  channel: Channel;
  visitorType: WizardVisitorType;
  preset: VisitPreset | undefined;
  checkingBack: boolean;
  notice: string | null;
  onCancel: () => void;
  onOutcome: (response: CheckInResponse) => void;
  onAlreadyIn: () => void;
  onRedo: (notice: string) => void;
}

function WizardScreen(props: WizardScreenProps) {
  const { building, channel, visitorType, preset, checkingBack } = props;
  const { t, i18n } = useTranslation('publicVisit');
  const [error, setError] = useState<string | null>(null);
  const data = useLoad(`${building.qrCodeKey}|${visitorType}`, (signal) =>
    fetchCheckInData(building.qrCodeKey, visitorType, channel, signal),
  );
  const camera = useMemo(() => serverCamera(building.qrCodeKey, channel), [building.qrCodeKey, channel]);
  const input = useMemo<WizardInput | null>(() => {
    if (data.status !== 'ready') return null;
    const visit = preset?.visit;
    return {
      ...data.data,
      meetingIdentifier: visit?.identifier ?? null,
      id: visit?.id ?? null,
      personId: null,
      replaceOldVisit: false,
      scheduledDuration: visit?.scheduledDuration ?? null,
      checkInAnswers: visit ? { firstName: visit.firstName, lastName: visit.lastName, host: visit.host } : null,
      answeredQuestionnaires: null,
      checkingBack,
      fromKiosk: channel.kiosk,
    };
  }, [data, preset, checkingBack, channel.kiosk]);

  const { onOutcome, onAlreadyIn, onRedo } = props;
  const finish = useCallback(
    async (result: WizardResult) => {
      setError(null);
      try {
        onOutcome(await postCheckIn(result, channel, channel.kiosk ? kioskDeviceId() : null));
      } catch (failure) {
        if (failure instanceof ApiError && failure.errorCode === 'CHECKEDIN') onAlreadyIn();
        else if (
          failure instanceof ApiError &&
          failure.errorCode === 'CHECK_IN_EMPLOYEE_QUESTIONNAIRES_NO_LONGER_VALID'
        )
          onRedo(t('checkIn.redo'));
        else setError(errorMessage(failure, i18n));
      }
    },
    [channel, onOutcome, onAlreadyIn, onRedo, t, i18n],
  );
  const onFinish = useCallback((result: WizardResult) => void finish(result), [finish]);

  return (
    <section className="screen" aria-labelledby="checkin-title">
      <h1 id="checkin-title" className="screen-title">
        {t('checkIn.title')} · {t(`checkIn.types.${visitorType}`)}
      </h1>
      {props.notice && <p className="notice notice-warning">{props.notice}</p>}
      {data.status === 'loading' && <Loading />}
      {data.status === 'error' && <LoadFailed error={data.error} onRetry={data.retry} />}
      {input && (
        <Suspense fallback={<Loading />}>
          <Wizard input={input} onFinish={onFinish} onCancel={props.onCancel} error={error} camera={camera} />
        </Suspense>
      )}
    </section>
  );
}
