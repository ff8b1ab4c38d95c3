import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, DialogActions } from '../../components/AppDialog.tsx';
import { IconCopy } from '../../components/ListIcons.tsx';
import { notifications } from '../notifications/index.ts';

const clipboardAvailable = () =>
  typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';

interface ShownOnceDialogProps {
  /** Where its texts are: title, label, once, copy, copyLabel, howTitle and done under it. */
  keys: 'integrations.secret' | 'integrations.apiTokens.created';
  /** What the value is and where it goes, said first. */
  intro: string;
  value: string;
  testId: string;
  /** How the value is used, under the "how" heading. */
  children: ReactNode;
  onClose: () => void;
}

/**
 * A secret the server answers once and keeps only hashed or sealed (a webhook's signing secret,
 * an API token; docs/webhooks.md, docs/api-tokens.md): shown in a read-only field with a Copy
 * button and how to use it, never again after this dialog closes.
 */
export function ShownOnceDialog({ keys, intro, value, testId, children, onClose }: ShownOnceDialogProps) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notifications.showSuccess({ key: 'common.SUCCESS_CLIPBOARD' });
    } catch {
      notifications.showError({ key: 'errors.FAILED_CLIPBOARD' });
    }
  };
  return (
    <AppDialog opened onClose={onClose} title={t(`${keys}.title`)} size="lg" data-testid={testId}>
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>{intro}</Text>
        <TextInput
          label={t(`${keys}.label`)}
          value={value}
          description={t(`${keys}.once`)}
          readOnly
          ff="monospace"
          styles={{ description: { fontWeight: 600 } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        {clipboardAvailable() && (
          <Button
            variant="default"
            leftSection={<IconCopy />}
            onClick={() => void copy()}
            aria-label={t(`${keys}.copyLabel`)}
            style={{ alignSelf: 'flex-start' }}
          >
            {t(`${keys}.copy`)}
          </Button>
        )}
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t(`${keys}.howTitle`)}
          </Title>
          {children}
        </Stack>
        <DialogActions>
          <Button onClick={onClose}>{t(`${keys}.done`)}</Button>
        </DialogActions>
      </Stack>
    </AppDialog>
  );
}
