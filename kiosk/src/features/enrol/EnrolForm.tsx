import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate, pagePath } from '../../app/router.ts';
import type { KioskDb } from '../../offline/kioskDb.ts';
import { TextField } from '../../ui/TextField.tsx';
import { errorMessage } from '../../ui/errorMessage.ts';
import { enrolThisKiosk, isEnrolmentCode } from './enrol.ts';

/** Types an enrolment code; once enrolled the tablet opens its building's kiosk. */
export function EnrolForm({ db, initialCode = '' }: { db: KioskDb; initialCode?: string }) {
  const { t, i18n } = useTranslation('publicVisit');
  const id = useId().replace(/:/g, '');
  const [code, setCode] = useState(initialCode);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = isEnrolmentCode(code) ? null : t('enrol.codeInvalidFormat');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || busy) return;
    setBusy(true);
    setError(null);
    try {
      const enrolled = await enrolThisKiosk(db, code);
      navigate(pagePath('checkinKiosk', enrolled.qrCodeKey), { replace: true });
    } catch (failure) {
      setError(errorMessage(failure, i18n));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="search-form" aria-busy={busy}>
      <TextField
        id={`${id}-code`}
        label={t('enrol.code')}
        hint={t('enrol.codeHint')}
        required
        autoComplete="off"
        maxLength={20}
        showCounter={false}
        value={code}
        error={touched ? problem : null}
        onChange={(value) => setCode(value.toUpperCase())}
        onBlur={() => setTouched(true)}
      />
      <div role="alert" className={error ? 'notice notice-error' : 'live-empty'}>
        {error}
      </div>
      <div className="actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('enrol.enrolling') : t('enrol.submit')}
        </button>
      </div>
    </form>
  );
}
