import { Checkbox, Fieldset, Stack, Text, TextInput } from '@mantine/core';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_URL_MAX,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
  webhookEndpointInputSchema,
  webhookEvents,
} from '@vestibule/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { SwitchWithHelp } from '../../components/SwitchWithHelp.tsx';
import { textFieldProps } from '../../form/fieldProps.ts';
import { useFormSave } from '../../form/useFormSave.ts';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { useServerFieldErrors } from '../../form/useServerFieldErrors.ts';
import { eventsOf, webhookEventGroups } from './webhookEvents.ts';
import { refusedAddress } from './refusedAddress.ts';

type Field = 'url' | 'description' | 'events';

interface Values {
  url: string;
  description: string;
  events: WebhookEvent[];
  active: boolean;
}

const webhookFormSchema = webhookEndpointInputSchema.superRefine((input, context) => {
  if (refusedAddress(input.url)) {
    context.addIssue({
      code: 'custom',
      path: ['url'],
      message: 'not https',
      params: { errorCode: 'WEBHOOK_URL_NOT_ALLOWED' },
    });
  }
});

/**
 * Adds a webhook endpoint or changes one: its HTTPS address, what it is for, the events it is
 * sent (by group, each with "all") and whether it is active. A new endpoint's answer carries its
 * signing secret, handed to `onClose` for the page to show once.
 */
export function WebhookDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: (saved: WebhookEndpointWithSecret | WebhookEndpoint | null) => void;
}) {
  const { t } = useTranslation();
  const eventsErrorId = useId();
  const form = useSchemaForm<Values, Values>(
    webhookFormSchema,
    {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? [],
      active: endpoint?.active ?? true,
    },
    {
      // Whatever is wrong with a typed address, the rule to follow is the same.
      url: (issue, values) =>
        values.url.trim() !== '' && issue.code !== 'too_big' ? t('errors.WEBHOOK_URL_NOT_ALLOWED') : undefined,
      events: () => t('integrations.dialog.eventsRequired'),
    },
  );
  const server = useServerFieldErrors<Field>(['url', 'description', 'events'], { WEBHOOK_URL_NOT_ALLOWED: 'url' });
  const { saving, run } = useFormSave(server);
  const eventsError = server.message('events') ?? form.error('events');

  const save = form.onSubmit((body) =>
    run(
      () =>
        endpoint
          ? api.call('PATCH /webhooks/:id', { params: { id: endpoint.id }, body })
          : api.call('POST /webhooks', { body }),
      onClose,
    ),
  );

  // Kept in the catalogue's order, whatever order they were ticked in.
  const setEvents = (events: WebhookEvent[]) => {
    form.setField(
      'events',
      webhookEvents.filter((event) => events.includes(event)),
    );
    form.touch('events');
    server.clear('events');
  };
  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents(on ? [...form.values.events, event] : form.values.events.filter((chosen) => chosen !== event));

  return (
    <AppDialog
      opened
      onClose={() => onClose(null)}
      title={endpoint ? t('integrations.dialog.editTitle') : t('integrations.dialog.addTitle')}
      size="lg"
      data-testid="webhook-dialog"
    >
      <form id={server.formId} onSubmit={save} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('integrations.dialog.url')}
            description={t('integrations.dialog.urlHelp')}
            type="url"
            withAsterisk
            aria-required
            autoComplete="off"
            placeholder="https://"
            data-autofocus
            {...textFieldProps(form, server, 'url', WEBHOOK_URL_MAX)}
          />
          <TextInput
            label={t('integrations.dialog.description')}
            description={t('integrations.dialog.descriptionHelp')}
            autoComplete="off"
            {...textFieldProps(form, server, 'description', WEBHOOK_DESCRIPTION_MAX)}
          />
          <Fieldset legend={t('integrations.dialog.events')} variant="unstyled">
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('integrations.dialog.eventsHelp')}
              </Text>
              {eventsError && (
                <Text size="sm" c="red.9" id={eventsErrorId}>
                  {eventsError}
                </Text>
              )}
              {webhookEventGroups.map((group, groupIndex) => {
                const events = eventsOf(group);
                const chosen = events.filter((event) => form.values.events.includes(event));
                const groupLabel = t(`integrations.groups.${group}`);
                return (
                  <Fieldset key={group} legend={groupLabel} variant="filled" p="sm">
                    <Stack gap={6}>
                      <Checkbox
                        label={t('integrations.dialog.all')}
                        aria-label={t('integrations.dialog.allOf', { group: groupLabel })}
                        checked={chosen.length === events.length}
                        indeterminate={chosen.length > 0 && chosen.length < events.length}
                        aria-invalid={eventsError !== undefined && groupIndex === 0 ? true : undefined}
                        aria-describedby={eventsError ? eventsErrorId : undefined}
                        onChange={(change) =>
                          setEvents(
                            change.currentTarget.checked
                              ? [...form.values.events.filter((event) => !events.includes(event)), ...events]
                              : form.values.events.filter((event) => !events.includes(event)),
                          )
                        }
                      />
                      {events.map((event) => (
                        <Checkbox
                          key={event}
                          pl="lg"
                          label={t(`integrations.events.${event}`)}
                          checked={form.values.events.includes(event)}
                          aria-describedby={eventsError ? eventsErrorId : undefined}
                          onChange={(change) => toggle(event, change.currentTarget.checked)}
                        />
                      ))}
                    </Stack>
                  </Fieldset>
                );
              })}
            </Stack>
          </Fieldset>
          <SwitchWithHelp
            id="webhook-active"
            label={t('integrations.dialog.active')}
            help={t('integrations.dialog.activeHelp')}
            checked={form.values.active}
            onChange={(change) => form.setField('active', change.currentTarget.checked)}
          />
          <DialogButtons onCancel={() => onClose(null)} saving={saving} />
        </Stack>
      </form>
    </AppDialog>
  );
}
