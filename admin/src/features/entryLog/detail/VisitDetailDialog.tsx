import { Loader, Tabs } from '@mantine/core';
import type { VisitDetail } from '@vestibule/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { messageFromError, notifications } from '../../notifications/index.ts';
import { entryLogApi } from '../entryLogApi.ts';
import { visitorName } from '../visitActions.ts';
import { AnswersTab } from './AnswersTab.tsx';
import { CheckInDataTab } from './CheckInDataTab.tsx';
import { CheckOutDataTab } from './CheckOutDataTab.tsx';

const tabs = ['checkIn', 'checkInQuestionnaires', 'checkOut', 'checkOutQuestionnaires'] as const;
type Tab = (typeof tabs)[number];

/**
 * One visit (GET /meeting/{id}) in four tabs: the check-in data, the
 * check-in questionnaires as answered, the check-out data and the check-out questionnaires.
 */
export function VisitDetailDialog({ visitId, onClose }: { visitId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [visit, setVisit] = useState<VisitDetail | null>(null);
  const [tab, setTab] = useState<Tab>('checkIn');
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    let current = true;
    entryLogApi.detail(visitId).then(
      (answer) => current && setVisit(answer),
      (error: unknown) => {
        if (!current) return;
        notifications.showError(messageFromError(error));
        close.current();
      },
    );
    return () => {
      current = false;
    };
  }, [visitId]);

  const name = visit ? (visitorName(visit) ?? t('entryLog.list.unnamed')) : '';
  return (
    <AppDialog
      opened
      onClose={onClose}
      title={visit ? t('entryLog.detail.title', { name }) : t('entryLog.detail.loading')}
      size="xl"
      data-testid="visit-detail"
    >
      {visit === null ? (
        <Loader size="sm" aria-label={t('entryLog.detail.loading')} />
      ) : (
        <Tabs value={tab} onChange={(value) => setTab(tabs.find((candidate) => candidate === value) ?? 'checkIn')}>
          <Tabs.List aria-label={t('entryLog.detail.title', { name })}>
            {tabs.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`entryLog.detail.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="checkIn" pt="md">
            <CheckInDataTab visit={visit} />
          </Tabs.Panel>
          <Tabs.Panel value="checkInQuestionnaires" pt="md">
            <AnswersTab questionnaires={visit.questionnairesAnswers} />
          </Tabs.Panel>
          <Tabs.Panel value="checkOut" pt="md">
            <CheckOutDataTab visit={visit} />
          </Tabs.Panel>
          <Tabs.Panel value="checkOutQuestionnaires" pt="md">
            <AnswersTab questionnaires={visit.exitQuestionnairesAnswers} />
          </Tabs.Panel>
        </Tabs>
      )}
    </AppDialog>
  );
}
