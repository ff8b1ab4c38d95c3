import { Button, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import type { SignedDocument } from '@vestibule/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/apiClient.ts';
import { usePictureUrl } from '../../../api/usePictureUrl.ts';
import { AppDialog, DialogActions } from '../../../components/AppDialog.tsx';
import { MarkdownText } from '../../../components/MarkdownText.tsx';
import { useDateTimeFormat } from '../../../format/useDateTimeFormat.ts';
import { messageFromError, notifications } from '../../notifications/index.ts';
import classes from './SignedDocument.module.css';

/**
 * A visit's signed document as it was signed (docs/check-in.md, "Signed documents"): the text
 * of the version signed, who signed, when, and the drawn signature or the typed name; printed
 * alone on its page (SignedDocument.module.css).
 */
export function SignedDocumentDialog({ signatureId, onClose }: { signatureId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const [signed, setSigned] = useState<SignedDocument | null>(null);

  useEffect(() => {
    let live = true;
    api.call('GET /meetingSignature/:id', { params: { id: signatureId } }).then(
      (answer) => live && setSigned(answer),
      (error: unknown) => live && notifications.showError(messageFromError(error)),
    );
    return () => {
      live = false;
    };
  }, [signatureId]);
  const image = usePictureUrl(signed?.hasImage ? 'GET /meetingSignature/:id/image' : null, signatureId);

  const signer = signed ? [signed.firstName, signed.lastName].filter(Boolean).join(' ') : '';
  return (
    <AppDialog
      opened
      onClose={onClose}
      title={signed ? signed.title : t('entryLog.detail.signatures.loading')}
      size="lg"
      data-testid="signed-document"
    >
      {signed === null ? (
        <Loader size="sm" aria-label={t('entryLog.detail.signatures.loading')} />
      ) : (
        <Stack gap="md">
          <article className={classes.sheet} aria-label={signed.title}>
            <Title order={2} size="h3">
              {signed.title}
            </Title>
            <Text size="sm">
              {t('entryLog.detail.signatures.versionOf', {
                version: signed.version,
                kind: t(`buildings.documents.kinds.${signed.kind}`),
                building: signed.buildingName,
              })}
            </Text>
            <MarkdownText data-testid="signed-document-text">{signed.body}</MarkdownText>
            <Stack gap={4}>
              <Text size="sm" fw={700}>
                {t('entryLog.detail.signatures.signedBy', { name: signer })}
                {signed.companyName ? ` (${signed.companyName})` : ''}
              </Text>
              <Text size="sm">
                {t('entryLog.detail.signatures.signedAt', {
                  date: format.dateTimeIn(signed.signedAt, signed.timeZoneId),
                })}
              </Text>
              {signed.method === 'TYPE' ? (
                <Group>
                  <Text className={classes.typed} data-testid="typed-signature">
                    {signed.typedName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('entryLog.detail.signatures.typedNote')}
                  </Text>
                </Group>
              ) : image ? (
                <Image
                  src={image}
                  className={classes.signature}
                  alt={t('entryLog.detail.signatures.imageAlt', { name: signer })}
                  fit="contain"
                  w="auto"
                />
              ) : (
                <Loader size="xs" aria-label={t('entryLog.detail.signatures.loading')} />
              )}
            </Stack>
          </article>
          <DialogActions>
            <Button variant="default" onClick={onClose} className={classes.noPrint}>
              {t('common.close')}
            </Button>
            <Button onClick={() => window.print()} className={classes.noPrint}>
              {t('entryLog.detail.signatures.print')}
            </Button>
          </DialogActions>
        </Stack>
      )}
    </AppDialog>
  );
}
