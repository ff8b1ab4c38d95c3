import { Badge, Button, Group, PasswordInput, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  HOST_CHANNEL_ACCOUNT_MAX,
  HOST_CHANNEL_TOKEN_MAX,
  type HostChannels,
  type HostChannelsInput,
  WEBHOOK_URL_MAX,
  hostChannelsInputSchema,
} from '@vestibule/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { passwordFieldProps, textFieldProps } from '../../form/fieldProps.ts';
import { useFormSave } from '../../form/useFormSave.ts';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { useServerFieldErrors } from '../../form/useServerFieldErrors.ts';
import type { FieldIssue } from '../../form/validationMessages.ts';
import { useLoaded } from '../floors/index.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { refusedAddress } from './refusedAddress.ts';

type Channel = 'SLACK' | 'TEAMS' | 'SMS';
const channels: readonly Channel[] = ['SLACK', 'TEAMS', 'SMS'];

type Field = 'slackWebhookUrl' | 'teamsWebhookUrl' | 'smsEndpointUrl' | 'smsAccount' | 'smsAuthToken' | 'smsFrom';
const fields: readonly Field[] = [
  'slackWebhookUrl',
  'teamsWebhookUrl',
  'smsEndpointUrl',
  'smsAccount',
  'smsAuthToken',
  'smsFrom',
];
type Values = Record<Field, string>;

/** The fields each channel is made of; removing a channel removes them all. */
const fieldsOf: Record<Channel, readonly Field[]> = {
  SLACK: ['slackWebhookUrl'],
  TEAMS: ['teamsWebhookUrl'],
  SMS: ['smsEndpointUrl', 'smsAccount', 'smsAuthToken', 'smsFrom'],
};

const isSet = (settings: HostChannels, channel: Channel) =>
  channel === 'SLACK'
    ? settings.slack.webhookUrlSet
    : channel === 'TEAMS'
      ? settings.teams.webhookUrlSet
      : settings.sms.endpointUrlSet || settings.sms.authTokenSet || settings.sms.account !== null;

/**
 * Where the company's hosts who chose Slack, Microsoft Teams or SMS are told of their visitor's
 * arrival (docs/host-notifications.md): each channel set or not, set up, changed or removed.
 * The addresses and the SMS token are secrets: the server says only whether they are set.
 */
export function HostChannelsSection() {
  const { t } = useTranslation();
  const load = useCallback((signal: AbortSignal) => api.call('GET /hostChannels', { signal }), []);
  const { state, reload } = useLoaded<HostChannels>(load);
  const [editing, setEditing] = useState<Channel | null>(null);
  const [removing, setRemoving] = useState<Channel | null>(null);

  const remove = async (channel: Channel) => {
    setRemoving(null);
    try {
      const body: HostChannelsInput = Object.fromEntries(fieldsOf[channel].map((field) => [field, null]));
      await api.call('PATCH /hostChannels', { body });
      notifications.showSuccess({
        key: 'integrations.channels.removed',
        params: { channel: t(`integrations.channels.names.${channel}`) },
      });
      reload();
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };

  const removingName = removing ? t(`integrations.channels.names.${removing}`) : '';
  return (
    <SectionCard title={t('integrations.channels.title')}>
      {state.kind === 'loading' && <Spinner />}
      {state.kind === 'failed' && (
        <LoadFailed title={t('integrations.channels.loadFailed')} error={state.error} onRetry={reload} />
      )}
      {state.kind === 'loaded' && (
        <Stack gap="md">
          <Text>{t('integrations.channels.intro')}</Text>
          <Table withTableBorder verticalSpacing="sm" data-testid="host-channels">
            <Table.Caption>{t('integrations.channels.title')}</Table.Caption>
            <Table.Tbody>
              {channels.map((channel) => (
                <ChannelRow
                  key={channel}
                  channel={channel}
                  settings={state.data}
                  onEdit={() => setEditing(channel)}
                  onRemove={() => setRemoving(channel)}
                />
              ))}
            </Table.Tbody>
          </Table>
          {editing && (
            <HostChannelDialog
              channel={editing}
              settings={state.data}
              onClose={(saved) => {
                setEditing(null);
                if (saved) reload();
              }}
            />
          )}
          <ConfirmDialog
            opened={removing !== null}
            title={t('integrations.channels.removeTitle', { channel: removingName })}
            confirmLabel={t('integrations.channels.removeConfirm', { channel: removingName })}
            cancelLabel={t('common.cancel')}
            danger
            onConfirm={() => removing && void remove(removing)}
            onCancel={() => setRemoving(null)}
            data-testid="remove-host-channel"
          >
            {t('integrations.channels.removeText', { channel: removingName })}
          </ConfirmDialog>
        </Stack>
      )}
    </SectionCard>
  );
}

function ChannelRow({
  channel,
  settings,
  onEdit,
  onRemove,
}: {
  channel: Channel;
  settings: HostChannels;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const name = t(`integrations.channels.names.${channel}`);
  const set = isSet(settings, channel);
  const ready = channel === 'SMS' ? settings.sms.configured : set;
  const help =
    channel === 'SLACK'
      ? t('integrations.channels.slack.help')
      : channel === 'TEAMS'
        ? t('integrations.channels.teams.help')
        : t('integrations.channels.sms.help');
  const summary =
    channel === 'SMS' && settings.sms.account !== null
      ? t('integrations.channels.sms.summary', { account: settings.sms.account, from: settings.sms.from ?? '—' })
      : null;
  return (
    <Table.Tr data-testid={`host-channel-${channel}`}>
      <Table.Th scope="row" w={180}>
        {name}
      </Table.Th>
      <Table.Td>
        <Stack gap={4}>
          <Group gap="sm">
            <Badge color={ready ? 'teal.9' : 'gray.7'} variant="filled">
              {channel === 'SMS'
                ? ready
                  ? t('integrations.channels.configured')
                  : t('integrations.channels.notConfigured')
                : ready
                  ? t('integrations.channels.set')
                  : t('integrations.channels.notSet')}
            </Badge>
            {summary && <Text size="sm">{summary}</Text>}
          </Group>
          <Text size="sm" c="dimmed">
            {help}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td w={320}>
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onEdit}>
            {set
              ? t('integrations.channels.change', { channel: name })
              : t('integrations.channels.setUp', { channel: name })}
          </Button>
          {set && (
            <Button
              variant="default"
              color="red"
              onClick={onRemove}
              aria-label={t('integrations.channels.removeConfirm', { channel: name })}
            >
              {t('integrations.channels.remove')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

const urlFields: readonly Field[] = ['slackWebhookUrl', 'teamsWebhookUrl', 'smsEndpointUrl'];

/** A blank field is left out of the change: a secret already set is kept. */
function inputOf(values: Values, channel: Channel): HostChannelsInput {
  const input: Record<string, string> = {};
  for (const field of fieldsOf[channel]) {
    const value = values[field].trim();
    if (value !== '') input[field] = value;
  }
  return input;
}

/** The form's rules: a new channel's every field, a channel set's non-secret ones (its secrets kept when blank). */
function formSchema(channel: Channel, settings: HostChannels) {
  const kept: Partial<Record<Field, boolean>> = {
    slackWebhookUrl: false,
    teamsWebhookUrl: false,
    smsEndpointUrl: settings.sms.endpointUrlSet,
    smsAuthToken: settings.sms.authTokenSet,
  };
  return hostChannelsInputSchema.superRefine((input, context) => {
    for (const field of fieldsOf[channel]) {
      const value = input[field];
      if ((value === undefined || value === null) && !kept[field]) {
        context.addIssue({ code: 'custom', path: [field], message: 'required', params: { errorCode: 'MISSING' } });
      }
      if (typeof value === 'string' && urlFields.includes(field) && refusedAddress(value)) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: 'not https',
          params: { errorCode: 'WEBHOOK_URL_NOT_ALLOWED' },
        });
      }
    }
  });
}

function HostChannelDialog({
  channel,
  settings,
  onClose,
}: {
  channel: Channel;
  settings: HostChannels;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const name = t(`integrations.channels.names.${channel}`);
  const addressOverride = (field: Field) => (issue: FieldIssue, values: Values) =>
    values[field].trim() !== '' && issue.code !== 'too_big' ? t('errors.WEBHOOK_URL_NOT_ALLOWED') : undefined;
  const form = useSchemaForm<Values, HostChannelsInput>(
    formSchema(channel, settings),
    {
      slackWebhookUrl: '',
      teamsWebhookUrl: '',
      smsEndpointUrl: '',
      smsAccount: settings.sms.account ?? '',
      smsAuthToken: '',
      smsFrom: settings.sms.from ?? '',
    },
    {
      // Whatever is wrong with a typed address, the rule to follow is the same.
      slackWebhookUrl: addressOverride('slackWebhookUrl'),
      teamsWebhookUrl: addressOverride('teamsWebhookUrl'),
      smsEndpointUrl: addressOverride('smsEndpointUrl'),
    },
    (values) => inputOf(values, channel),
  );
  const server = useServerFieldErrors<Field>(fields, {
    WEBHOOK_URL_NOT_ALLOWED: fieldsOf[channel][0],
    PHONE_NUMBER_INVALID: 'smsFrom',
  });
  const { saving, run } = useFormSave(server);
  const save = form.onSubmit((body) =>
    run(
      () => api.call('PATCH /hostChannels', { body }),
      () => onClose(true),
    ),
  );
  const keptHelp = t('integrations.channels.secretKept');

  return (
    <AppDialog
      opened
      onClose={() => onClose(false)}
      title={
        isSet(settings, channel)
          ? t('integrations.channels.change', { channel: name })
          : t('integrations.channels.setUp', { channel: name })
      }
      size="lg"
      data-testid="host-channel-dialog"
    >
      <form id={server.formId} onSubmit={save} noValidate>
        <Stack gap="md">
          {channel === 'SLACK' && (
            <TextInput
              label={t('integrations.channels.slack.url')}
              description={settings.slack.webhookUrlSet ? keptHelp : t('integrations.channels.slack.help')}
              type="url"
              withAsterisk
              aria-required
              autoComplete="off"
              placeholder="https://hooks.slack.com/services/…"
              data-autofocus
              {...textFieldProps(form, server, 'slackWebhookUrl', WEBHOOK_URL_MAX)}
            />
          )}
          {channel === 'TEAMS' && (
            <TextInput
              label={t('integrations.channels.teams.url')}
              description={settings.teams.webhookUrlSet ? keptHelp : t('integrations.channels.teams.help')}
              type="url"
              withAsterisk
              aria-required
              autoComplete="off"
              placeholder="https://"
              data-autofocus
              {...textFieldProps(form, server, 'teamsWebhookUrl', WEBHOOK_URL_MAX)}
            />
          )}
          {channel === 'SMS' && (
            <>
              <Text size="sm">{t('integrations.channels.sms.help')}</Text>
              <TextInput
                label={t('integrations.channels.sms.endpointUrl')}
                description={settings.sms.endpointUrlSet ? keptHelp : undefined}
                type="url"
                withAsterisk={!settings.sms.endpointUrlSet}
                aria-required={!settings.sms.endpointUrlSet}
                autoComplete="off"
                placeholder="https://"
                data-autofocus
                {...textFieldProps(form, server, 'smsEndpointUrl', WEBHOOK_URL_MAX)}
              />
              <TextInput
                label={t('integrations.channels.sms.account')}
                withAsterisk
                aria-required
                autoComplete="off"
                {...textFieldProps(form, server, 'smsAccount', HOST_CHANNEL_ACCOUNT_MAX)}
              />
              <PasswordInput
                label={t('integrations.channels.sms.authToken')}
                description={settings.sms.authTokenSet ? keptHelp : undefined}
                withAsterisk={!settings.sms.authTokenSet}
                aria-required={!settings.sms.authTokenSet}
                autoComplete="new-password"
                {...passwordFieldProps(form, server, 'smsAuthToken', t('integrations.channels.showSecret'))}
                maxLength={HOST_CHANNEL_TOKEN_MAX}
              />
              <TextInput
                label={t('integrations.channels.sms.from')}
                description={t('integrations.channels.sms.fromHelp')}
                type="tel"
                withAsterisk
                aria-required
                autoComplete="off"
                placeholder="+14165550100"
                {...textFieldProps(form, server, 'smsFrom', 40)}
              />
            </>
          )}
          <DialogButtons onCancel={() => onClose(false)} saving={saving} />
        </Stack>
      </form>
    </AppDialog>
  );
}
