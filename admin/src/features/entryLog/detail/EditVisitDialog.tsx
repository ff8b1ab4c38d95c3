import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  type VisitDetail,
  type VisitUpdate,
  locales,
  visitDurationChoices,
  visitState,
  visitUpdateSchema,
} from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { DialogButtons } from '../../../components/DialogButtons.tsx';
import { textFieldProps } from '../../../form/fieldProps.ts';
import { useSchemaForm } from '../../../form/useSchemaForm.ts';
import { useServerFieldErrors } from '../../../form/useServerFieldErrors.ts';
import type { FieldIssue, Validator } from '../../../form/validationMessages.ts';
import { momentOnClock, onClockOf, shortZoneName } from '../../../format/dateTime.ts';
import { messageFromError, notifications } from '../../notifications/index.ts';
import { entryLogApi } from '../entryLogApi.ts';
import { DeskHostField } from '../staff/DeskHostField.tsx';
import { type DeskHost, hostOfVisit } from '../staff/deskForm.ts';
import { useDurationText } from '../useDurationText.ts';

interface EditValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  companyName: string;
  host: DeskHost | null;
  /** yyyy-MM-dd and HH:mm on the building's clock. */
  date: string;
  time: string;
  scheduledDuration: string;
  locale: string;
}

type EditField = keyof EditValues | 'hostPersonId' | 'scheduledAt';

const two = (value: number) => String(value).padStart(2, '0');

function valuesOf(visit: VisitDetail): EditValues {
  const at = visit.scheduledAt ? onClockOf(new Date(visit.scheduledAt), visit.timeZoneId) : null;
  return {
    firstName: visit.firstName ?? '',
    lastName: visit.lastName ?? '',
    email: visit.email ?? '',
    phone: visit.phone ?? '',
    companyName: visit.companyName ?? '',
    host: hostOfVisit(visit),
    date: at ? `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}` : '',
    time: at ? `${two(at.getHours())}:${two(at.getMinutes())}` : '',
    scheduledDuration: visit.scheduledDuration ?? '',
    locale: visit.locale,
  };
}

/**
 * What PATCH /meeting/{id} is sent: the fields changed, and only those (a text emptied is null);
 * the time on the building's clock, and only before arrival.
 */
function changesOf(values: EditValues, initial: EditValues, visit: VisitDetail, timeChangeable: boolean): VisitUpdate {
  const body: Record<string, unknown> = {};
  for (const key of ['firstName', 'lastName', 'email', 'phone', 'companyName'] as const) {
    if (values[key].trim() !== initial[key].trim()) body[key] = values[key].trim() || null;
  }
  const host = values.host;
  if (host && (host.personId !== initial.host?.personId || host.userId !== initial.host?.userId)) {
    if (host.personId) body.hostPersonId = host.personId;
    else if (host.userId) body.hostUserId = host.userId;
  }
  if (timeChangeable && (values.date !== initial.date || values.time !== initial.time))
    body.scheduledAt = momentOnClock(values.date, values.time, visit.timeZoneId)?.toISOString() ?? '';
  if (values.scheduledDuration !== initial.scheduledDuration && values.scheduledDuration !== '')
    body.scheduledDuration = values.scheduledDuration;
  if (values.locale !== initial.locale) body.locale = values.locale;
  return body as VisitUpdate;
}

/**
 * Changes a visit's details (PATCH /meeting/{id}): the visitor's names and contact, the company,
 * the host (the directory's, linked), the duration and the language of their e-mails; the time
 * (on the building's clock) only before arrival. A change of time or length sends the invitation
 * again (the server's rule).
 */
export function EditVisitDialog(props: { visit: VisitDetail; onClose: (changed: boolean) => void }) {
  const { visit, onClose } = props;
  const { t, i18n } = useTranslation();
  const durationText = useDurationText();
  const timeChangeable = visitState(visit) === 'INVITED' && visit.scheduledAt !== null;
  const [start] = useState(() => valuesOf(visit));
  const validator: Validator<VisitUpdate> = {
    safeParse(input) {
      const values = input as EditValues;
      const parsed = visitUpdateSchema.safeParse(changesOf(values, start, visit, timeChangeable));
      const missing = (['firstName', 'lastName'] as const).filter((key) => values[key].trim() === '');
      if (parsed.success && missing.length === 0) return { success: true, data: parsed.data };
      const issues: FieldIssue[] = [
        ...(parsed.success ? [] : parsed.error.issues),
        ...missing.map((field) => ({
          code: 'custom',
          path: [field],
          message: 'MISSING',
          params: { errorCode: 'MISSING' },
        })),
      ];
      return { success: false, error: { issues } };
    },
  };
  const form = useSchemaForm<EditValues, VisitUpdate>(validator, start);
  const server = useServerFieldErrors<EditField>(
    ['firstName', 'lastName', 'email', 'phone', 'companyName', 'hostPersonId', 'scheduledAt', 'date'],
    { MEETING_HOST_NOT_EMPLOYEE: 'hostPersonId', MEETING_IN_THE_PAST: 'scheduledAt' },
  );
  const [saving, setSaving] = useState(false);
  const { values } = form;
  const name = `${visit.firstName ?? ''} ${visit.lastName ?? ''}`.trim();
  const zoneName = shortZoneName(
    momentOnClock(values.date, values.time, visit.timeZoneId) ?? new Date(),
    visit.timeZoneId,
    i18n.resolvedLanguage ?? i18n.language,
  );
  const durations: { value: string; label: string }[] = visitDurationChoices.map((choice) => ({
    value: choice,
    label: durationText(choice),
  }));
  if (values.scheduledDuration && !durations.some((choice) => choice.value === values.scheduledDuration))
    durations.unshift({ value: values.scheduledDuration, label: durationText(values.scheduledDuration) });

  const save = form.onSubmit(async (body) => {
    if (Object.keys(body).length === 0) {
      onClose(false);
      return;
    }
    setSaving(true);
    notifications.clearBanners();
    try {
      await entryLogApi.update(visit.id, body);
      notifications.showSuccess({ key: 'entryLog.edit.saved', params: { name } });
      onClose(true);
    } catch (error) {
      if (!server.place(error)) notifications.showError(messageFromError(error));
    } finally {
      setSaving(false);
    }
  });

  const scheduleError = server.message('scheduledAt') ?? form.error('scheduledAt');
  const companyLabel =
    visit.visitorType === 'CONTRACTOR'
      ? t('entryLog.desk.companies.contractorCompanyName')
      : t('entryLog.desk.companies.companyName');
  return (
    <AppDialog
      opened
      onClose={() => onClose(false)}
      title={t('entryLog.edit.title', { name })}
      size="lg"
      data-testid="edit-visit"
    >
      <form id={server.formId} onSubmit={save} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              id="edit-firstName"
              label={t('entryLog.invite.firstName')}
              required
              {...textFieldProps(form, server, 'firstName')}
            />
            <TextInput
              id="edit-lastName"
              label={t('entryLog.invite.lastName')}
              required
              {...textFieldProps(form, server, 'lastName')}
            />
            <TextInput
              id="edit-email"
              type="email"
              label={t('entryLog.invite.email')}
              {...textFieldProps(form, server, 'email')}
            />
            <TextInput id="edit-phone" label={t('entryLog.invite.phone')} {...textFieldProps(form, server, 'phone')} />
            <TextInput id="edit-companyName" label={companyLabel} {...textFieldProps(form, server, 'companyName')} />
            <DeskHostField
              buildingId={visit.buildingId}
              value={values.host}
              onChange={(host) => {
                form.setField('host', host);
                server.clear('hostPersonId');
              }}
              required={false}
              error={server.message('hostPersonId')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {timeChangeable && (
              <>
                <TextInput
                  id="edit-date"
                  type="date"
                  label={t('entryLog.invite.date')}
                  required
                  {...textFieldProps(form, server, 'date')}
                  error={scheduleError}
                />
                <TextInput
                  id="edit-time"
                  type="time"
                  label={t('entryLog.invite.timeIn', { zone: zoneName })}
                  required
                  {...textFieldProps(form, server, 'time')}
                  error={scheduleError !== undefined}
                />
              </>
            )}
            <Select
              id="edit-duration"
              label={t('entryLog.invite.duration')}
              data={durations}
              value={values.scheduledDuration || null}
              onChange={(value) => value && form.setField('scheduledDuration', value)}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Select
            id="edit-language"
            label={t('entryLog.invite.language')}
            data={locales.map((locale) => ({ value: locale, label: t(`common.languages.${locale}`) }))}
            value={values.locale}
            onChange={(value) => value && form.setField('locale', value)}
            allowDeselect={false}
          />
          <DialogButtons onCancel={() => onClose(false)} saving={saving} submitLabel={t('common.save')} />
        </Stack>
      </form>
    </AppDialog>
  );
}
