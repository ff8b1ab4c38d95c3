import { finishesImmediately } from '@vestibule/shared';
import {
  type FormEvent,
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { type WizardTexts, useWizardTexts } from './wizardTexts.tsx';
import { ConsentStep } from './ConsentStep.tsx';
import { EntryStep } from './EntryStep.tsx';
import { FormStep } from './FormStep.tsx';
import type { HostSearch } from './HostField.tsx';
import { QuestionList } from './QuestionList.tsx';
import { browserChoiceStorage } from './cameraChoice.ts';
import type { CameraReader, ChoiceStorage, SignedDocumentsLookup, WizardInput, WizardResult } from './wizard.types.ts';
import {
  type DisplayStep,
  buildResult,
  displaySteps,
  initialWizardState,
  stepProblem,
  temperatureAsked,
  wizardReducer,
} from './wizardState.ts';

// The camera and the signature pad load only when a step needs them: neither the kiosk's first
// screen nor the wizard's own chunk carries them (docs/kiosk.md, "The welcome screen").
const PhotoStep = lazy(() => import('./PhotoStep.tsx').then((module) => ({ default: module.PhotoStep })));
const SignStep = lazy(() => import('./SignStep.tsx').then((module) => ({ default: module.SignStep })));

export interface WizardProps {
  input: WizardInput;
  /** Called once with the result (Finish, or at once when checking back off a kiosk). */
  onFinish: (result: WizardResult) => void;
  /** Called after Cancel has cleared every answer. */
  onCancel?: () => void;
  /**
   * Why the last result was refused (shown in an alert); a new message enables Finish again,
   * as the wizard is shown again for the person to correct it.
   */
  error?: string | null;
  /** Reads the building's cameras; without it the temperature is typed only. */
  camera?: CameraReader;
  /** Where the chosen camera is remembered (localStorage by default). */
  choiceStorage?: ChoiceStorage | null;
  /**
   * Finds the building's hosts as the person types (the kiosk's cached directory, the phone's or
   * the staff's call): the form's host field is then a search (docs/check-in.md, "The host").
   */
  hostSearch?: HostSearch;
  /**
   * Which documents the person signed lately (docs/check-in.md, "Signed documents"): asked when
   * the form is left, with its e-mail or names; those are not shown. Without it every document
   * is asked.
   */
  signedDocuments?: SignedDocumentsLookup;
}

/**
 * The check-in wizard (docs/check-in.md, "The wizard"): the form, one step per
 * questionnaire, consent and e-mail-me, then arrival (temperature and comments). It takes the
 * wizard input and hands its result to onFinish: where either comes from is not its business.
 */
export function Wizard(props: WizardProps) {
  const { input, onFinish, onCancel, error = null, camera, choiceStorage, hostSearch, signedDocuments } = props;
  const { t } = useWizardTexts();
  const idPrefix = useId().replace(/:/g, '');
  const [state, dispatch] = useReducer(wizardReducer, input, initialWizardState);
  const steps = useMemo(() => displaySteps(input, state.signedVersionIds), [input, state.signedVersionIds]);
  const [storage] = useState(() => (choiceStorage === undefined ? browserChoiceStorage() : choiceStorage));
  const [finishing, setFinishing] = useState(false);
  const [immediate, setImmediate] = useState(() => finishesImmediately(input));
  const [shownError, setShownError] = useState(error);
  if (error !== shownError) {
    setShownError(error);
    if (error) {
      // The result was refused: the person may correct it and finish again.
      setFinishing(false);
      setImmediate(false);
    }
  }

  const finishedAtOnce = useRef(false);
  useEffect(() => {
    if (!immediate || finishedAtOnce.current) return;
    finishedAtOnce.current = true;
    onFinish(buildResult(input, initialWizardState(input), { reuseEarlierAnswers: true }));
  }, [immediate, input, onFinish]);

  const [checkingSigned, setCheckingSigned] = useState(false);
  const lookup = useRef<AbortController | null>(null);
  useEffect(() => () => lookup.current?.abort(), []);

  const onCameraUnavailable = useCallback(() => dispatch({ type: 'cameraUnavailable' }), []);
  const onPhoto = useCallback((photo: string | null) => dispatch({ type: 'photo', photo }), []);

  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!immediate) headingRef.current?.focus();
  }, [state.stepIndex, immediate]);

  if (immediate) {
    return (
      <section className="wizard" aria-busy="true">
        <p className="wizard-status" role="status">
          {t('checkingBack')}
        </p>
      </section>
    );
  }

  const stepIndex = Math.min(state.stepIndex, steps.length - 1);
  const step = steps[stepIndex] ?? { kind: 'confirm' };
  const last = stepIndex === steps.length - 1;
  const problem = stepProblem(input, state, step);
  const headingId = `${idPrefix}-heading`;
  const signing = step.kind === 'document' ? input.documents?.[step.index] : undefined;

  const finishWith = (finalState: typeof state) => {
    if (finishing) return;
    setFinishing(true);
    onFinish(buildResult(input, finalState));
  };
  const finish = () => {
    if (problem) return;
    finishWith(state);
  };
  /** Leaving the form: the documents this person signed lately are not asked again. */
  const leaveForm = async (lookUp: SignedDocumentsLookup) => {
    const text = (key: string) => {
      const value = state.form[key];
      return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
    };
    const query = {
      visitorType: input.visitorType,
      email: text('email'),
      firstName: text('firstName'),
      lastName: text('lastName'),
    };
    let versionIds: string[] = [];
    if (query.email !== null || (query.firstName !== null && query.lastName !== null)) {
      lookup.current?.abort();
      const controller = new AbortController();
      lookup.current = controller;
      setCheckingSigned(true);
      try {
        versionIds = [...(await lookUp(query, controller.signal))];
      } catch {
        // Not known: the person is asked to sign.
        versionIds = [];
      }
      if (controller.signal.aborted) return;
      setCheckingSigned(false);
    }
    dispatch({ type: 'signedVersions', versionIds });
    const nextSteps = displaySteps(input, versionIds);
    if (stepIndex >= nextSteps.length - 1) finishWith({ ...state, signedVersionIds: versionIds });
    else dispatch({ type: 'next', stepCount: nextSteps.length });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || checkingSigned) return;
    if (step.kind === 'form' && signedDocuments && (input.documents ?? []).length > 0) void leaveForm(signedDocuments);
    else if (last) finish();
    else dispatch({ type: 'next', stepCount: steps.length });
  };
  const skipPhoto = () => {
    dispatch({ type: 'photoSkip' });
    if (last) finishWith({ ...state, photo: null, photoSkipped: true });
    else dispatch({ type: 'next', stepCount: steps.length });
  };
  const cancel = () => {
    lookup.current?.abort();
    setCheckingSigned(false);
    dispatch({ type: 'reset', state: initialWizardState(input) });
    setFinishing(false);
    onCancel?.();
  };

  return (
    <section className="wizard" aria-labelledby={headingId}>
      <form noValidate onSubmit={submit} aria-labelledby={headingId}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="wizard-heading">
          <span className="wizard-progress">{t('progress', { current: stepIndex + 1, total: steps.length })}</span>
          <span className="wizard-title">{stepTitle(step, input, t)}</span>
        </h2>
        <div role="alert" className={error ? 'notice notice-error' : 'live-empty'}>
          {error}
        </div>
        <div className="wizard-step">
          {step.kind === 'form' && (
            <FormStep input={input} state={state} dispatch={dispatch} idPrefix={idPrefix} hostSearch={hostSearch} />
          )}
          {step.kind === 'questionnaire' && input.questionnaires[step.index] && (
            <QuestionList
              questionnaire={input.questionnaires[step.index]!}
              answers={state.answers}
              onAnswer={(items, questionId, value) => dispatch({ type: 'answer', items, questionId, value })}
              idPrefix={idPrefix}
            />
          )}
          {step.kind === 'photo' && (input.photo === 'OPTIONAL' || input.photo === 'REQUIRED') && (
            <Suspense fallback={<p role="status">{t('loading')}</p>}>
              <PhotoStep
                mode={input.photo}
                fromKiosk={input.fromKiosk}
                photo={state.photo}
                cameraUnavailable={state.cameraUnavailable}
                onPhoto={onPhoto}
                onCameraUnavailable={onCameraUnavailable}
                onSkip={skipPhoto}
              />
            </Suspense>
          )}
          {signing && (
            <Suspense fallback={<p role="status">{t('loading')}</p>}>
              <SignStep
                key={signing.versionId}
                document={signing}
                signature={state.signatures[signing.versionId] ?? null}
                onSign={(signature) => dispatch({ type: 'sign', versionId: signing.versionId, signature })}
                idPrefix={idPrefix}
              />
            </Suspense>
          )}
          {step.kind === 'consent' && (
            <ConsentStep input={input} state={state} dispatch={dispatch} idPrefix={idPrefix} />
          )}
          {step.kind === 'entry' && (
            <EntryStep
              input={input}
              state={state}
              dispatch={dispatch}
              idPrefix={idPrefix}
              camera={camera}
              storage={storage}
            />
          )}
          {step.kind === 'confirm' && <p>{t('confirmText')}</p>}
        </div>
        <p role="status" className={problem || checkingSigned ? 'wizard-hint' : 'live-empty'}>
          {checkingSigned
            ? t('sign.checking')
            : problem === 'consent'
              ? t('consentMissing')
              : problem === 'invalid'
                ? t('invalidStep')
                : ''}
        </p>
        <div className="wizard-buttons">
          <button type="button" className="button secondary" onClick={cancel}>
            {t('buttons.cancel')}
          </button>
          {stepIndex > 0 && (
            <button type="button" className="button secondary" onClick={() => dispatch({ type: 'back' })}>
              {t('buttons.back')}
            </button>
          )}
          {last ? (
            <button type="submit" className="button primary" disabled={problem !== null || finishing}>
              {finishing ? t('buttons.finishing') : t('buttons.finish')}
            </button>
          ) : (
            <button type="submit" className="button primary" disabled={problem !== null || checkingSigned}>
              {t('buttons.next')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

function stepTitle(step: DisplayStep, input: WizardInput, t: WizardTexts['t']): string {
  switch (step.kind) {
    case 'form':
      return t('titles.form');
    case 'photo':
      return t('titles.photo');
    case 'document':
      return input.documents?.[step.index]?.title ?? '';
    case 'questionnaire':
      return input.questionnaires[step.index]?.name ?? '';
    case 'consent':
      if (input.consentClauseActive && input.emailMeActive) return t('titles.consentAndEmailMe');
      return input.consentClauseActive ? t('titles.consent') : t('titles.emailMe');
    case 'entry': {
      const temperature = temperatureAsked(input);
      if (temperature && input.commentsEnabled) return t('titles.temperatureAndComments');
      return temperature ? t('titles.temperature') : t('titles.comments');
    }
    case 'confirm':
      return t('titles.confirm');
  }
}
