import { Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { COMMENTS_MAX, hasAnyRole, locales, visitDurationChoices, visitorTypes } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { DialogButtons } from '../../../components/DialogButtons.tsx';
import { textFieldProps } from '../../../form/fieldProps.ts';
import { momentOnClock, shortZoneName } from '../../../format/dateTime.ts';
import { useDateTimeFormat } from '../../../format/useDateTimeFormat.ts';
import { useSchemaForm } from '../../../form/useSchemaForm.ts';
import { useServerFieldErrors } from '../../../form/useServerFieldErrors.ts';
import { messageFromError, notifications } from '../../notifications/index.ts';
import { routeTable } from '../../routing/index.ts';
import { useSession } from '../../session/index.ts';
import { type InviteBody, entryLogApi } from '../entryLogApi.ts';
import { HostSelect } from './HostSelect.tsx';
import { useDurationText } from '../useDurationText.ts';
import { InviteVisitorFields } from './InviteVisitorFields.tsx';
import { type InviteField, type InviteValues, inviteInput, inviteValidator, newInviteValues } from './inviteForm.ts';

const inviteFields: readonly InviteField[] = [
  'buildingId',
  'visitorType',
  'personId',
  'firstName',
  'lastName',
  'email',
  'phone',
  'companyName',
  'hostPersonId',
  'scheduledAt',
  'scheduledDuration',
  'comments',
];

/**
 * A new invitation (POST /meeting): where, who (a person of the directory, for the roles that read
 * it, or someone new), the host (one of the building's hosts: a person of the directory or a user), when and for how
 * long (5 min to 8 h, `visitDurationChoices`). The invitation e-mail goes out from the server.
 */
export function InviteDialog(props: { buildingId: string | undefined; onClose: (changed: boolean) => void }) {
  const { onClose } = props;
  const { t, i18n } = useTranslation();
  const format = useDateTimeFormat();
  const buildings = useSession((state) => state.buildings);
  const role = useSession((state) => state.user?.role);
  const readsDirectory = hasAnyRole(role, routeTable.people.access.roles);
  const durationText = useDurationText();
  const zoneOf = (id: string) => buildings.find((building) => building.id === id)?.timeZoneId;
  const firstBuilding = props.buildingId ?? buildings[0]?.id ?? '';
  const form = useSchemaForm<InviteValues, InviteBody>(
    inviteValidator,
    newInviteValues(firstBuilding, zoneOf(firstBuilding)),
    {
      hostPersonId: () => t('entryLog.invite.hostRequired'),
      personId: () => t('entryLog.invite.personRequired'),
    },
    inviteInput,
  );
  const server = useServerFieldErrors<InviteField>(inviteFields, {
    MEETING_HOST_NOT_EMPLOYEE: 'hostPersonId',
    MEETING_IN_THE_PAST: 'scheduledAt',
    PERSON_DEACTIVATED: 'personId',
    PERSON_NOT_VALID: 'personId',
  });
  const [saving, setSaving] = useState(false);
  const { values } = form;

  const save = form.onSubmit(async (data) => {
    setSaving(true);
    notifications.clearBanners();
    try {
      const visit = await entryLogApi.invite(data);
      const name = `${visit.firstName ?? ''} ${visit.lastName ?? ''}`.trim();
      notifications.showSuccess({
        key: visit.email ? 'entryLog.actions.INVITE_SUCCESS' : 'entryLog.actions.INVITE_NO_EMAIL',
        params: { name },
      });
      onClose(true);
    } catch (error) {
      if (!server.place(error)) notifications.showError(messageFromError(error));
    } finally {
      setSaving(false);
    }
  });

  const scheduleError = server.message('scheduledAt') ?? form.error('scheduledAt');
  // The time is typed on the building's clock: its label names the zone, and says whose clock it
  // is when it is not the viewer's.
  const at = momentOnClock(values.date, values.time, values.timeZoneId) ?? new Date();
  const zone = values.timeZoneId ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zoneName = shortZoneName(at, zone, i18n.resolvedLanguage ?? i18n.language);
  const otherClock = format.zoneName(at, values.timeZoneId) !== null;
  const buildingName = buildings.find((building) => building.id === values.buildingId)?.name ?? '';
  return (
    <AppDialog
      opened
      onClose={() => onClose(false)}
      title={t('entryLog.invite.title')}
      size="lg"
      data-testid="invite-dialog"
    >
      <form id={server.formId} onSubmit={save} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              id="invite-building"
              label={t('entryLog.invite.building')}
              data={buildings.map((building) => ({ value: building.id, label: building.name }))}
              value={values.buildingId || null}
              // The time stays as typed, on the new building's clock.
              onChange={(value) =>
                form.setValues((current) => ({
                  ...current,
                  buildingId: value ?? '',
                  timeZoneId: zoneOf(value ?? ''),
                  host: null,
                  personId: '',
                }))
              }
              allowDeselect={false}
              required
              error={form.error('buildingId')}
            />
            <Select
              id="invite-type"
              label={t('entryLog.invite.visitorType')}
              data={visitorTypes.map((type) => ({ value: type, label: t(`people.types.${type}`) }))}
              value={values.visitorType}
              onChange={(value) => {
                const type = visitorTypes.find((candidate) => candidate === value);
                if (type) form.setValues((current) => ({ ...current, visitorType: type, personId: '' }));
              }}
              allowDeselect={false}
              required
            />
          </SimpleGrid>
          <InviteVisitorFields form={form} server={server} readsDirectory={readsDirectory} />
          <HostSelect
            key={values.buildingId}
            id="invite-host"
            label={t('entryLog.invite.host')}
            description={t('entryLog.invite.hostHelp')}
            nothingFound={t('entryLog.invite.hostNone')}
            buildingId={values.buildingId}
            value={values.host}
            initial={null}
            onChange={(host) => {
              form.setField('host', host);
              server.clear('hostPersonId');
            }}
            onBlur={() => form.touch('hostPersonId')}
            error={server.message('hostPersonId') ?? form.error('hostPersonId')}
            required
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              id="invite-date"
              type="date"
              label={t('entryLog.invite.date')}
              required
              {...textFieldProps(form, server, 'date')}
              onBlur={() => form.touch('scheduledAt')}
              error={scheduleError}
            />
            <TextInput
              id="invite-time"
              type="time"
              label={t('entryLog.invite.timeIn', { zone: zoneName })}
              required
              {...textFieldProps(form, server, 'time')}
              onBlur={() => form.touch('scheduledAt')}
              error={scheduleError !== undefined}
            />
            <Select
              id="invite-duration"
              label={t('entryLog.invite.duration')}
              data={visitDurationChoices.map((choice) => ({ value: choice, label: durationText(choice) }))}
              value={values.scheduledDuration}
              onChange={(value) => {
                const choice = visitDurationChoices.find((candidate) => candidate === value);
                if (choice) form.setField('scheduledDuration', choice);
              }}
              allowDeselect={false}
              required
            />
          </SimpleGrid>
          {otherClock && (
            <Text size="sm" c="dimmed" mt={-8}>
              {t('entryLog.invite.otherClock', { building: buildingName, zone })}
            </Text>
          )}
          <Select
            id="invite-language"
            label={t('entryLog.invite.language')}
            data={[
              { value: '', label: t('entryLog.invite.languageDefault') },
              ...locales.map((locale) => ({ value: locale, label: t(`common.languages.${locale}`) })),
            ]}
            value={values.locale}
            onChange={(value) => form.setField('locale', locales.find((locale) => locale === value) ?? '')}
            allowDeselect={false}
          />
          <Textarea
            id="invite-comments"
            label={t('entryLog.invite.comments')}
            autosize
            minRows={2}
            maxLength={COMMENTS_MAX}
            value={values.comments}
            onChange={(event) => form.setField('comments', event.currentTarget.value)}
            error={form.error('comments')}
          />
          <DialogButtons onCancel={() => onClose(false)} saving={saving} submitLabel={t('entryLog.invite.send')} />
        </Stack>
      </form>
    </AppDialog>
  );
}
