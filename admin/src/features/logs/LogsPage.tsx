import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';
import { AuditLogTab } from './AuditLogTab.tsx';
import { HistoryTab, type HistoryTarget } from './HistoryTab.tsx';
import { JobRunsTab } from './JobRunsTab.tsx';
import { KioskSyncTab } from './KioskSyncTab.tsx';
import { MailboxTab } from './MailboxTab.tsx';

/**
 * /admin/logs (administrators only): the audit log, who changed what and who signed in; the
 * mailbox, the delivery log of every e-mail the service wrote; the background jobs' runs; the
 * kiosks' sync figures; and the history of one object, typed in or opened from another tab's row.
 * A tab is drawn (and asks the server) when opened.
 */
export function LogsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('audit');
  const [target, setTarget] = useState<HistoryTarget | null>(null);
  const showHistory = (next: HistoryTarget) => {
    setTarget(next);
    setTab('history');
  };
  return (
    <Page title={t('pages.logs.title')} size="xl">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="audit">{t('logs.audit.title')}</Tabs.Tab>
          <Tabs.Tab value="mailbox">{t('logs.mailbox.title')}</Tabs.Tab>
          <Tabs.Tab value="jobRuns">{t('operations.jobRuns.title')}</Tabs.Tab>
          <Tabs.Tab value="kioskSync">{t('operations.kioskSync.title')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('operations.history.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="audit" pt="md">
          <AuditLogTab />
        </Tabs.Panel>
        <Tabs.Panel value="mailbox" pt="md">
          <MailboxTab onHistory={showHistory} />
        </Tabs.Panel>
        <Tabs.Panel value="jobRuns" pt="md">
          <JobRunsTab />
        </Tabs.Panel>
        <Tabs.Panel value="kioskSync" pt="md">
          <KioskSyncTab onHistory={(id) => showHistory({ type: 'kiosk', id })} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <HistoryTab key={target ? `${target.type}:${target.id}` : 'none'} target={target} onTarget={setTarget} />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
