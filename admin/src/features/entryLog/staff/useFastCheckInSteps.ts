import type { WizardInput } from '@vestibule/ui/wizard';
import { useEffect, useRef, useState } from 'react';
import { messageFromError, notifications } from '../../notifications/index.ts';
import { entryLogApi } from '../entryLogApi.ts';
import { type WhoArrives, fastWizardInput, whoReturns } from './fastCheckIn.ts';

/**
 * The fast check-in's steps: who arrives (chosen by staff, or read from a returning visitor's last
 * visit), then the building's wizard for that person type, loaded for what was chosen. A call that
 * fails says why and ends the dialog (`onFailed`).
 */
export function useFastCheckInSteps(start: WhoArrives, returningVisitId: string | undefined, onFailed: () => void) {
  /** Who arrives once said (the wizard's step), else null (the first step). */
  const [who, setWho] = useState<WhoArrives | null>(null);
  /** What the first step shows: the start, then the last choice. */
  const [chosen, setChosen] = useState<WhoArrives>(start);
  const [returning, setReturning] = useState(returningVisitId !== undefined);
  const [input, setInput] = useState<WizardInput | null>(null);
  const failed = useRef(onFailed);
  useEffect(() => {
    failed.current = onFailed;
  });

  useEffect(() => {
    if (returningVisitId === undefined) return;
    let current = true;
    entryLogApi.detail(returningVisitId).then(
      (visit) => {
        if (!current) return;
        const returned = whoReturns(visit);
        setChosen(returned);
        setWho(returned);
        setReturning(false);
      },
      (failure: unknown) => {
        if (!current) return;
        notifications.showError(messageFromError(failure));
        failed.current();
      },
    );
    return () => {
      current = false;
    };
  }, [returningVisitId]);

  useEffect(() => {
    if (who === null) return;
    const controller = new AbortController();
    entryLogApi.buildingCheckInData(who.buildingId, who.visitorType, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setInput(fastWizardInput(data, who));
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        notifications.showError(messageFromError(failure));
        failed.current();
      },
    );
    return () => controller.abort();
  }, [who]);

  return {
    who,
    chosen,
    /** A returning visitor's last visit is being read. */
    returning,
    input,
    /** The first step's answer: the wizard for it loads. */
    choose: (next: WhoArrives) => {
      setChosen(next);
      setWho(next);
    },
    /** Back to the first step, with what was chosen. */
    back: () => {
      setWho(null);
      setInput(null);
    },
  };
}
