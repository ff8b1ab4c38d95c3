import type { PeopleUploadReport } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NoticeMessage, messageFromError } from '../../notifications/index.ts';
import { useSession } from '../../session/index.ts';
import { uploadPeople } from '../peopleApi.ts';
import { type CsvPreview, fileProblem, readPreview } from './csvPreview.ts';
import { type UploadSettings, guessSettings, missingColumns, uploadFields } from './uploadSettings.ts';

export type UploadStep = 0 | 1 | 2 | 3;
export type FileProblem = 'notCsv' | 'tooBig' | 'unreadable';

/**
 * A refused upload in words: a file over the limit in this screen's terms (also when a proxy on
 * the way refused it without the server's words), else the catalogue's (a file that is not CSV
 * says how to save one).
 */
function uploadError(error: unknown): NoticeMessage {
  const tooBig = ['PEOPLE_UPLOAD_FILE_TOO_BIG', 'PAYLOAD_TOO_LARGE'];
  if (error instanceof ApiError && tooBig.includes(error.errorCode)) return { key: 'people.upload.tooBig' };
  return messageFromError(error);
}

/**
 * The import wizard's state: the file and its preview, the mapping (guessed from a heading row),
 * the dry run's report, then the import with its progress (a rounded percentage, back to 0 after
 * the answer) and its result. `onImported` follows a written import (the list reloads).
 */
export function useUploadFlow(onImported: () => void) {
  const { t } = useTranslation();
  const buildings = useSession((state) => state.buildings);
  const [step, setStep] = useState<UploadStep>(0);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [settings, setSettings] = useState<UploadSettings | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const [report, setReport] = useState<PeopleUploadReport | null>(null);
  const [result, setResult] = useState<PeopleUploadReport | null>(null);
  const [percent, setPercent] = useState(0);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<NoticeMessage | null>(null);
  const chosen = useRef<File | null>(null);

  const choose = async (next: File | null) => {
    chosen.current = next;
    setFile(next);
    setPreview(null);
    setSettings(null);
    setReport(null);
    setError(null);
    const refused = next ? fileProblem(next) : null;
    setProblem(refused);
    if (!next || refused) return;
    try {
      const read = await readPreview(next);
      if (chosen.current !== next) return;
      setPreview(read);
      const only = buildings.length === 1 ? buildings[0]?.id : undefined;
      setSettings(guessSettings(read.lines[0] ?? [], (column) => t(`csv.people.${column}`), only));
    } catch {
      if (chosen.current === next) setProblem('unreadable');
    }
  };

  const send = async (dryRun: boolean) => {
    if (!file || !settings) return;
    setSending(true);
    setError(null);
    try {
      const answer = await uploadPeople(file, uploadFields(settings, dryRun), setPercent);
      if (dryRun) {
        setReport(answer);
        setStep(2);
      } else {
        setResult(answer);
        onImported();
      }
    } catch (failure) {
      setError(uploadError(failure));
    } finally {
      setSending(false);
      setPercent(0);
    }
  };

  const check = () => {
    if (settings && missingColumns(settings).length > 0) {
      setShowMissing(true);
      setError({ key: 'people.upload.missingRequired' });
      return;
    }
    void send(true);
  };

  const importFile = () => {
    setStep(3);
    void send(false);
  };

  const goTo = (next: UploadStep) => {
    setError(null);
    setStep(next);
  };

  return {
    step,
    file,
    preview,
    problem,
    settings,
    setSettings,
    showMissing,
    report,
    result,
    percent,
    sending,
    error,
    choose,
    check,
    importFile,
    goTo,
  };
}
