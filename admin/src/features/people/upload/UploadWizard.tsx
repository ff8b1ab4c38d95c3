import { Alert, Button, Stack, Stepper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog, DialogActions } from '../../../components/AppDialog.tsx';
import { useNoticeText } from '../../notifications/index.ts';
import { FileStep } from './FileStep.tsx';
import { ImportStep, UploadProgress } from './ImportStep.tsx';
import { MappingStep } from './MappingStep.tsx';
import { UploadReport } from './UploadReport.tsx';
import { useUploadFlow } from './useUploadFlow.ts';

/**
 * The people CSV import as a wizard: choose a file, map its
 * columns with a preview of its first lines, check it with a dry run whose report lists every
 * refusal by row, then import it with a progress bar and say how many people were written.
 */
export function UploadWizard(props: { onImported: () => void; onClose: () => void }) {
  const { onImported, onClose } = props;
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  const flow = useUploadFlow(onImported);
  const { step, preview, settings, report, result, sending } = flow;

  return (
    <AppDialog opened onClose={onClose} title={t('people.upload.title')} size="xl" data-testid="upload-wizard">
      <Stack gap="md">
        <Stepper active={step} size="sm">
          <Stepper.Step label={t('people.upload.steps.file')}>
            <FileStep
              file={flow.file}
              preview={preview}
              problem={flow.problem}
              onFile={(file) => void flow.choose(file)}
            />
          </Stepper.Step>
          <Stepper.Step label={t('people.upload.steps.mapping')}>
            {preview && settings && (
              <MappingStep
                preview={preview}
                settings={settings}
                onChange={flow.setSettings}
                showMissing={flow.showMissing}
              />
            )}
          </Stepper.Step>
          <Stepper.Step label={t('people.upload.steps.check')}>
            {report && <UploadReport report={report} />}
          </Stepper.Step>
          <Stepper.Step label={t('people.upload.steps.import')}>
            <ImportStep percent={flow.percent} result={result} />
          </Stepper.Step>
        </Stepper>
        {step === 1 && !sending && <Text size="sm">{t('people.upload.checkHelp')}</Text>}
        {step === 1 && sending && (
          <Stack gap={4}>
            <Text size="sm">{t('people.upload.checking')}</Text>
            <UploadProgress percent={flow.percent} />
          </Stack>
        )}
        {flow.error && (
          <Alert color="red.9" variant="light" role="alert" data-testid="upload-error">
            {noticeText(flow.error)}
          </Alert>
        )}
        <DialogActions>
          {step === 0 && (
            <>
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button onClick={() => flow.goTo(1)} disabled={!preview || flow.problem !== null}>
                {t('common.next')}
              </Button>
            </>
          )}
          {step === 1 && (
            <>
              <Button variant="default" onClick={() => flow.goTo(0)} disabled={sending}>
                {t('common.back')}
              </Button>
              <Button onClick={flow.check} loading={sending}>
                {t('people.upload.check')}
              </Button>
            </>
          )}
          {step === 2 && (
            <>
              <Button variant="default" onClick={() => flow.goTo(1)}>
                {t('common.back')}
              </Button>
              <Button onClick={flow.importFile} disabled={!report || report.count === 0}>
                {t('people.upload.import')}
              </Button>
            </>
          )}
          {step === 3 && !sending && !result && (
            <Button variant="default" onClick={() => flow.goTo(2)}>
              {t('common.back')}
            </Button>
          )}
          {step === 3 && result && <Button onClick={onClose}>{t('people.upload.done')}</Button>}
        </DialogActions>
      </Stack>
    </AppDialog>
  );
}
