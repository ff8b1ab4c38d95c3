import { Text } from '@mantine/core';
import type { VisitDetail } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../../format/useDateTimeFormat.ts';
import { Facts } from './Facts.tsx';
import { useTemperatureText } from './detailText.ts';

/** When and how the visit ended, with the exit measures and comments. */
export function CheckOutDataTab({ visit }: { visit: VisitDetail }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const temperature = useTemperatureText();
  if (!visit.checkedOutAt) return <Text size="sm">{t('entryLog.detail.notCheckedOut')}</Text>;
  return (
    <Facts
      facts={[
        [t('entryLog.detail.fields.checkedOutAt'), format.dateTimeIn(visit.checkedOutAt, visit.timeZoneId)],
        [
          t('entryLog.detail.fields.checkoutMethod'),
          visit.checkoutMethod ? t(`entryLog.detail.checkoutMethods.${visit.checkoutMethod}`) : null,
        ],
        [t('entryLog.detail.fields.temperature1'), temperature(visit.exitTempMeasure1)],
        [t('entryLog.detail.fields.temperature2'), temperature(visit.exitTempMeasure2)],
        [t('entryLog.detail.fields.comments'), visit.exitComments],
      ]}
    />
  );
}
