import { Stack, Text, Title } from '@mantine/core';
import type { VisitDetail } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../../format/useDateTimeFormat.ts';
import { useDurationText } from '../useDurationText.ts';
import { VisitStatusBadge, badgeStateOf } from '../VisitStatusBadge.tsx';
import { Facts } from './Facts.tsx';
import { SignedDocumentsSection } from './SignedDocumentsSection.tsx';
import { useFormFieldLabel, useTemperatureText } from './detailText.ts';

/** Fields of the stored check-in form already shown as the visit's own. */
const shownElsewhere = new Set([
  'host',
  'firstName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'companyName',
  'contractorCompanyName',
]);

/** Who came, for whom, when it was planned and how the check-in went. */
export function CheckInDataTab({ visit }: { visit: VisitDetail }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const durationText = useDurationText();
  const temperature = useTemperatureText();
  const fieldLabel = useFormFieldLabel();
  // On the building's clock, its zone named when it is not the viewer's.
  const at = (value: string | null | undefined) => (value ? format.dateTimeIn(value, visit.timeZoneId) : null);
  const checkedIn = visit.checkedInAt !== null;
  const otherFields = Object.entries(visit.checkInForm).filter(
    ([key, value]) => !shownElsewhere.has(key) && value !== '',
  );
  return (
    <Stack gap="md">
      <Facts
        facts={[
          [
            t('entryLog.detail.fields.status'),
            <VisitStatusBadge state={badgeStateOf(visit)} flagged={visit.flagged} held={visit.held} />,
          ],
          [t('entryLog.detail.fields.visitorType'), t(`people.types.${visit.visitorType}`)],
          [t('entryLog.detail.fields.firstName'), visit.firstName],
          [t('entryLog.detail.fields.lastName'), visit.lastName],
          [t('entryLog.detail.fields.email'), visit.email],
          [t('entryLog.detail.fields.phone'), visit.phone],
          [
            visit.visitorType === 'CONTRACTOR'
              ? t('entryLog.detail.fields.contractorCompanyName')
              : t('entryLog.detail.fields.companyName'),
            visit.companyName,
          ],
          [t('entryLog.detail.fields.host'), visit.host],
          [t('entryLog.detail.fields.building'), visit.buildingName],
          [t('entryLog.detail.fields.identifier'), visit.identifier],
          [t('entryLog.detail.fields.scheduledAt'), at(visit.scheduledAt)],
          [t('entryLog.detail.fields.scheduledDuration'), durationText(visit.scheduledDuration)],
          [t('entryLog.detail.fields.invitedBy'), visit.invitedByName],
          [t('entryLog.detail.fields.cancelledAt'), at(visit.cancelledAt)],
          [t('entryLog.detail.fields.checkedInAt'), at(visit.checkedInAt)],
          // Who checked the person in: only once they are (an invitation's source is who invited).
          [t('entryLog.detail.fields.source'), checkedIn ? t(`entryLog.detail.sources.${visit.source}`) : null],
          [t('entryLog.detail.fields.temperature1'), temperature(visit.tempMeasure1)],
          [t('entryLog.detail.fields.temperature2'), temperature(visit.tempMeasure2)],
          [t('entryLog.detail.fields.comments'), visit.comments],
          [
            t('entryLog.detail.fields.consent'),
            checkedIn || visit.consentAccepted
              ? visit.consentAccepted
                ? t('entryLog.detail.consentGiven')
                : t('entryLog.detail.consentNotGiven')
              : null,
          ],
          [t('entryLog.detail.fields.emailMe'), visit.emailMe],
          [t('entryLog.detail.fields.refusal'), visit.refusal ? t(`entryLog.detail.refusals.${visit.refusal}`) : null],
        ]}
      />
      {otherFields.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('entryLog.detail.fields.form')}
          </Title>
          <Facts
            facts={otherFields.map(([key, value]) => [
              fieldLabel(key),
              typeof value === 'boolean' ? (value ? t('entryLog.detail.yes') : t('entryLog.detail.no')) : value,
            ])}
          />
        </Stack>
      )}
      {(visit.signatures ?? []).length > 0 && <SignedDocumentsSection visit={visit} />}
      {!visit.checkedInAt && <Text size="sm">{t('entryLog.detail.notCheckedIn')}</Text>}
    </Stack>
  );
}
