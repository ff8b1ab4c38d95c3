import { Group, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import {
  WATCHLIST_REASON_MAX,
  WATCHLIST_VALUE_MAX,
  type WatchlistAction,
  type WatchlistEntry,
  type WatchlistKind,
  watchKey,
  watchlistActions,
  watchlistKinds,
} from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useFormSave } from '../../form/useFormSave.ts';
import { useServerFieldErrors } from '../../form/useServerFieldErrors.ts';

type Field = 'value' | 'reason';

/**
 * Adds a person to the watchlist or changes their entry: how they are recognised (name, e-mail,
 * phone, company), who, what happens at the door, and why. A value that names nobody of its kind,
 * or a person already listed that way, is refused on the field.
 */
export function WatchlistDialog({
  entry,
  onClose,
}: {
  entry: WatchlistEntry | null;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<WatchlistKind>(entry?.kind ?? 'NAME');
  const [value, setValue] = useState(entry?.value ?? '');
  const [action, setAction] = useState<WatchlistAction>(entry?.action ?? 'HOLD');
  const [reason, setReason] = useState(entry?.reason ?? '');
  const [submitted, setSubmitted] = useState(false);
  const server = useServerFieldErrors<Field>(['value', 'reason'], { WATCHLIST_ENTRY_EXISTS: 'value' });
  const { saving, run } = useFormSave(server);
  const valueMissing = watchKey(kind, value) === null;
  const reasonMissing = reason.trim() === '';
  const required = t('common.validation.required');
  // A value typed that names nobody of its kind says why, as the server would.
  const unusable =
    value.trim() === '' || kind === 'NAME' || kind === 'COMPANY'
      ? required
      : t(kind === 'EMAIL' ? 'errors.EMAIL_IS_NOT_VALID' : 'errors.PHONE_IS_NOT_VALID');
  const valueError = server.message('value') ?? (submitted && valueMissing ? unusable : undefined);
  const reasonError = server.message('reason') ?? (submitted && reasonMissing ? required : undefined);

  const save = async () => {
    setSubmitted(true);
    if (valueMissing || reasonMissing) {
      document.getElementById(valueMissing ? 'watchlist-value' : 'watchlist-reason')?.focus();
      return;
    }
    const body = { kind, value, action, reason };
    await run(
      () =>
        entry
          ? api.call('PATCH /watchlist/:id', { params: { id: entry.id }, body })
          : api.call('POST /watchlist', { body }),
      () => onClose(true),
    );
  };

  return (
    <FormDialog
      title={entry ? t('watchlist.editTitle') : t('watchlist.addTitle')}
      formId={server.formId}
      saving={saving}
      onSubmit={() => void save()}
      onCancel={() => onClose(false)}
      data-testid="watchlist-dialog"
    >
      <Radio.Group
        label={t('watchlist.fields.kind')}
        value={kind}
        onChange={(next) => {
          const chosen = watchlistKinds.find((candidate) => candidate === next);
          if (chosen) setKind(chosen);
          server.clear('value');
        }}
      >
        <Group gap="lg" mt={4}>
          {watchlistKinds.map((option) => (
            <Radio key={option} value={option} label={t(`watchlist.kinds.${option}`)} />
          ))}
        </Group>
      </Radio.Group>
      <TextInput
        id="watchlist-value"
        label={t('watchlist.fields.value')}
        description={t(`watchlist.kindsHelp.${kind}`)}
        withAsterisk
        aria-required
        data-autofocus
        autoComplete="off"
        maxLength={WATCHLIST_VALUE_MAX}
        type={kind === 'EMAIL' ? 'email' : kind === 'PHONE' ? 'tel' : 'text'}
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          server.clear('value');
        }}
        error={valueError}
      />
      <Radio.Group
        label={t('watchlist.fields.action')}
        value={action}
        onChange={(next) => {
          const chosen = watchlistActions.find((candidate) => candidate === next);
          if (chosen) setAction(chosen);
        }}
      >
        <Stack gap="xs" mt={4}>
          {watchlistActions.map((option) => (
            <Radio
              key={option}
              value={option}
              label={t(`watchlist.actions.${option}`)}
              description={t(`watchlist.actionsHelp.${option}`)}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Textarea
        id="watchlist-reason"
        label={t('watchlist.fields.reason')}
        description={t('watchlist.fields.reasonHelp')}
        withAsterisk
        aria-required
        autosize
        minRows={2}
        maxLength={WATCHLIST_REASON_MAX}
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          server.clear('reason');
        }}
        error={reasonError}
      />
    </FormDialog>
  );
}
