import type { WizardVisitorType } from '@vestibule/shared';
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../ui/Status.tsx';
import type { EmployeeWays } from './EmployeeEntry.tsx';
import type { PrintableCheckIn } from './KioskBadge.tsx';
import { type KioskWelcome, PersonTypeChoice } from './PersonTypeChoice.tsx';
import type { CheckInSource, SubmittedCheckIn, VisitPreset } from './checkInSource.ts';

export type { VisitPreset } from './checkInSource.ts';

// The wizard's screen, the wizard (and the markdown renderer) load while the person picks who
// they are, and so do the employees' screen and the outcome: none is on the welcome screen.
const loadWizardScreen = () => import('./WizardScreen.tsx');
const WizardScreen = lazy(() => loadWizardScreen().then((module) => ({ default: module.WizardScreen })));
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
  | { kind: 'outcome'; submitted: SubmittedCheckIn; visitorType: WizardVisitorType; badge: PrintableCheckIn | null };

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
    void loadWizardScreen().then((module) => module.loadWizard());
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
        <Suspense fallback={<Loading />}>
          <WizardScreen
            key={`${screen.visitorType}-${screen.attempt}-${preset?.person?.personId ?? ''}`}
            source={source}
            visitorType={screen.visitorType}
            preset={preset}
            checkingBack={screen.checkingBack}
            notice={screen.notice}
            onCancel={restart}
            onSubmitted={(submitted, badge) =>
              setScreen({ kind: 'outcome', submitted, visitorType: screen.visitorType, badge })
            }
          />
        </Suspense>
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
            badge={screen.badge}
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
