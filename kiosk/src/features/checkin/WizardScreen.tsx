import type { CheckInData, WizardVisitorType } from '@vestibule/shared';
import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../ui/errorMessage.ts';
import { LoadFailed, Loading } from '../../ui/Status.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import type { WizardInput, WizardResult } from '../wizard/index.ts';
import type { PrintableCheckIn } from './KioskBadge.tsx';
import { serverCamera } from './checkin.api.ts';
import {
  type CheckInSource,
  type SubmittedCheckIn,
  type VisitPreset,
  reusesAnswers,
  submitCheckIn,
} from './checkInSource.ts';

// The wizard's screen of the check-in flow: its data for the person type, the wizard, the commit
// on the device. Loaded once a person type is chosen (or a visit's page starts the wizard).
export const loadWizard = () => import('../wizard/Wizard.tsx');
const Wizard = lazy(() => loadWizard().then((module) => ({ default: module.Wizard })));

interface WizardScreenProps {
  source: CheckInSource;
  visitorType: WizardVisitorType;
  preset: VisitPreset | undefined;
  checkingBack: boolean;
  notice: string | null;
  onCancel: () => void;
  /** `badge`: what the kiosk prints on the outcome screen, when the building prints one for this type. */
  onSubmitted: (submitted: SubmittedCheckIn, badge: PrintableCheckIn | null) => void;
}

export function WizardScreen(props: WizardScreenProps) {
  const { source, visitorType, preset, checkingBack } = props;
  const { building, channel } = source;
  const { t, i18n } = useTranslation('publicVisit');
  const [error, setError] = useState<string | null>(null);
  const data = useLoad(`${building.qrCodeKey}|${visitorType}`, (signal) => source.loadData(visitorType, signal));
  const camera = useMemo(() => serverCamera(building.qrCodeKey, channel), [building.qrCodeKey, channel]);
  const ready: CheckInData | null = data.status === 'ready' ? data.data : null;
  // A building that prints badges: the badge and its QR code load while the person answers, so
  // the print follows Finish at once (docs/badges.md).
  const printsBadges = ready?.badge !== undefined && ready.badge.print !== 'NEVER';
  useEffect(() => {
    if (printsBadges) void import('./LiveOutcome.tsx').then((module) => module.loadBadge());
  }, [printsBadges]);
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
        const at = new Date().toISOString();
        const submitted = await submitCheckIn(source, ready, result, preset);
        const { badge } = ready;
        onSubmitted(
          submitted,
          badge && badge.print !== 'NEVER'
            ? {
                settings: badge,
                visitorType,
                form: result.checkInForm,
                duration: result.scheduledDuration ?? ready.defaultMeetingDuration,
                photo: result.photo,
                at,
              }
            : null,
        );
      } catch (failure) {
        // The device could not store the check-in (storage full or refused): nothing was confirmed.
        setError(errorMessage(failure, i18n));
      }
    },
    [source, ready, preset, onSubmitted, i18n, visitorType],
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
