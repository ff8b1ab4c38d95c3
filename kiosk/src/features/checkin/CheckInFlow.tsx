import type { CheckInData, WizardVisitorType } from '@vestibule/shared';
import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../ui/errorMessage.ts';
import { LoadFailed, Loading } from '../../ui/Status.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import type { WizardInput, WizardResult } from '../wizard/index.ts';
import type { EmployeeWays } from './EmployeeEntry.tsx';
import { type KioskWelcome, PersonTypeChoice } from './PersonTypeChoice.tsx';
import { serverCamera } from './checkin.api.ts';
import {
  type CheckInSource,
  type SubmittedCheckIn,
  type VisitPreset,
  reusesAnswers,
  submitCheckIn,
} from './checkInSource.ts';

export type { VisitPreset } from './checkInSource.ts';

// The wizard (and the markdown renderer) load while the person picks who they are, and so do
// the employees' screen and the outcome.
const loadWizard = () => import('../wizard/Wizard.tsx');
const Wizard = lazy(() => loadWizard().then((module) => ({ default: module.Wizard })));
const loadEmployeeEntry = () => import('./EmployeeEntry.tsx');
const EmployeeEntry = lazy(() => loadEmployeeEntry().then((module) => ({ default: module.EmployeeEntry })));
const loadOutcome = () => import('./LiveOutcome.tsx');
const LiveOutcome = lazy(() => loadOutcome().then((module) => ({ default: module.LiveOutcome })));

export type FlowScreen = 'choose' | 'employee' | 'wizard' | 'outcome';

interface CheckInFlowProps {
  source: CheckInSource;
  preset?: VisitPreset;
  /** Leaves a preset flow (Cancel, Done). */
  onExit?: () => void;
  /** After an outcome (Done, Start again): a kiosk starts afresh for the next person. */
  onDone?: () => void;
  onScreenChange?: (screen: FlowScreen) => void;
  /** How employees may identify here (a kiosk's scanner and directory, the PIN page). */
  employee?: EmployeeWays;
  /** A kiosk's welcome screen: its logo, text and other doors. */
  welcome?: KioskWelcome;
}

type Screen =
  | { kind: 'choose' }
  | { kind: 'employee' }
  | { kind: 'wizard'; visitorType: WizardVisitorType; attempt: number; notice: string | null; checkingBack: boolean }
  | { kind: 'outcome'; submitted: SubmittedCheckIn; visitorType: WizardVisitorType };

/** Person type, wizard, outcome: the check-in of one person, on their phone or on a kiosk. */
export function CheckInFlow(props: CheckInFlowProps) {
  const { source, preset: given, onExit, onDone, onScreenChange, employee, welcome } = props;
  const { building, channel } = source;
  const { t } = useTranslation('publicVisit');
  // A name an employee found in the directory on this screen stands for a preset the page gave.
  const [found, setFound] = useState<VisitPreset | undefined>(undefined);
  const preset = given ?? found;
  const start: Screen = given
    ? { kind: 'wizard', visitorType: given.visitorType, attempt: 0, notice: null, checkingBack: given.checkingBack }
    : { kind: 'choose' };
  const [screen, setScreen] = useState<Screen>(start);
  useEffect(() => {
    onScreenChange?.(screen.kind);
  }, [screen.kind, onScreenChange]);
  useEffect(() => {
    void loadWizard();
    void loadEmployeeEntry();
    void loadOutcome();
  }, []);

  const restart = useCallback(() => {
    setFound(undefined);
    if (onExit) onExit();
    else setScreen({ kind: 'choose' });
  }, [onExit]);
  const wizardFor = (visitorType: WizardVisitorType): Screen => ({
    kind: 'wizard',
    visitorType,
    attempt: 0,
    notice: null,
    checkingBack: false,
  });

  switch (screen.kind) {
    case 'choose':
      return (
        <PersonTypeChoice
          buildingName={building.building.name}
          visitorTypes={building.visitorTypes}
          welcome={welcome}
          // Employees identify first (their pass, PIN or name): no anonymous employee form.
          onChoose={(visitorType) =>
            setScreen(visitorType === 'EMPLOYEE' ? { kind: 'employee' } : wizardFor(visitorType))
          }
        />
      );
    case 'employee':
      return (
        <Suspense fallback={<Loading />}>
          <EmployeeEntry
            kiosk={channel.kiosk}
            directory={employee?.directory}
            onScan={employee?.onScan}
            pinHref={employee?.pinHref ?? null}
            typedNameAllowed={building.building.employeeCheckIn === 'TYPED_NAME'}
            onPerson={(person) => {
              setFound(person);
              setScreen(wizardFor('EMPLOYEE'));
            }}
            onTypedName={() => setScreen(wizardFor('EMPLOYEE'))}
            onBack={restart}
          />
        </Suspense>
      );
    case 'wizard':
      return (
        <WizardScreen
          key={`${screen.visitorType}-${screen.attempt}-${preset?.person?.personId ?? ''}`}
          source={source}
          visitorType={screen.visitorType}
          preset={preset}
          checkingBack={screen.checkingBack}
          notice={screen.notice}
          onCancel={restart}
          onSubmitted={(submitted) => setScreen({ kind: 'outcome', submitted, visitorType: screen.visitorType })}
        />
      );
    case 'outcome':
      return (
        <Suspense fallback={<Loading />}>
          <LiveOutcome
            submitted={screen.submitted}
            runner={source.runner}
            building={building.building}
            kiosk={channel.kiosk}
            visitorType={screen.visitorType}
            qrCodeKey={building.qrCodeKey}
            onDone={onDone ?? restart}
            onAlreadyInDone={onDone ?? restart}
            onRedo={() =>
              setScreen({
                kind: 'wizard',
                visitorType: screen.visitorType,
                attempt: 1,
                notice: t('checkIn.redo'),
                checkingBack: false,
              })
            }
          />
        </Suspense>
      );
  }
}

interface WizardScreenProps {
  source: CheckInSource;
  visitorType: WizardVisitorType;
  preset: VisitPreset | undefined;
  checkingBack: boolean;
  notice: string | null;
  onCancel: () => void;
  onSubmitted: (submitted: SubmittedCheckIn) => void;
}

function WizardScreen(props: WizardScreenProps) {
  const { source, visitorType, preset, checkingBack } = props;
  const { building, channel } = source;
  const { t, i18n } = useTranslation('publicVisit');
  const [error, setError] = useState<string | null>(null);
  const data = useLoad(`${building.qrCodeKey}|${visitorType}`, (signal) => source.loadData(visitorType, signal));
  const camera = useMemo(() => serverCamera(building.qrCodeKey, channel), [building.qrCodeKey, channel]);
  const ready: CheckInData | null = data.status === 'ready' ? data.data : null;
  const input = useMemo<WizardInput | null>(() => {
    if (!ready) return null;
    const visit = preset?.visit;
    const person = preset?.person;
    return {
      ...ready,
      // A person whose earlier answers still hold (an employee) is asked none: the server reuses them.
      questionnaires: reusesAnswers(preset) ? [] : ready.questionnaires,
      // The person's own default duration, when their record has one.
      defaultMeetingDuration: person?.scheduledDuration ?? ready.defaultMeetingDuration,
      meetingIdentifier: visit?.identifier ?? null,
      id: visit?.id ?? null,
      personId: person?.personId ?? null,
      replaceOldVisit: false,
      scheduledDuration: visit?.scheduledDuration ?? person?.scheduledDuration ?? null,
      // Everything the person gave before (their link's stored form), names and host at least;
      // a person of the directory, their record.
      checkInAnswers: visit
        ? { firstName: visit.firstName, lastName: visit.lastName, host: visit.host, ...visit.checkInForm }
        : (person?.checkInForm ?? null),
      answeredQuestionnaires: null,
      checkingBack,
      fromKiosk: channel.kiosk,
    };
  }, [ready, preset, checkingBack, channel.kiosk]);

  const { onSubmitted } = props;
  const finish = useCallback(
    async (result: WizardResult) => {
      if (!ready) return;
      setError(null);
      try {
        onSubmitted(await submitCheckIn(source, ready, result, preset));
      } catch (failure) {
        // The device could not store the check-in (storage full or refused): nothing was confirmed.
        setError(errorMessage(failure, i18n));
      }
    },
    [source, ready, preset, onSubmitted, i18n],
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
          <Wizard
            input={input}
            onFinish={onFinish}
            onCancel={props.onCancel}
            error={error}
            camera={camera}
            hostSearch={source.searchHosts}
            signedDocuments={source.signedDocuments}
          />
        </Suspense>
      )}
    </section>
  );
}
