import { Tabs } from '@mantine/core';
import { type HistoryType, historyTypes } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';
import { WebhookDeliveriesLog } from '../integrations/index.ts';
import { AuditLogTab } from './AuditLogTab.tsx';
import { HistoryTab, type HistoryTarget } from './HistoryTab.tsx';
import { JobRunsTab } from './JobRunsTab.tsx';
import { KioskSyncTab } from './KioskSyncTab.tsx';
import { MailboxTab } from './MailboxTab.tsx';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The object a link names (`/admin/logs?history=visit:<id>`), whose history the screen opens on. */
function linkedHistory(search: string): HistoryTarget | null {
  const [type = '', id = ''] = (new URLSearchParams(search).get('history') ?? '').split(':');
  return (historyTypes as readonly string[]).includes(type) && uuid.test(id) ? { type: type as HistoryType, id } : null;
}

/**
 * /admin/logs (administrators only): the audit log, who changed what and who signed in; the
 * mailbox, the delivery log of every e-mail the service wrote; the background jobs' runs; the
 * kiosks' sync figures; the selected company's webhook deliveries (docs/webhooks.md); and the
 * history of one object, typed in, opened from another tab's row, or named by the link
 * (`?history=<kind>:<id>`).
 * A tab is drawn (and asks the server) when opened.
 */
export function LogsPage() {
  const { t } = useTranslation();
  const [target, setTarget] = useState<HistoryTarget | null>(() => linkedHistory(window.location.search));
  const [tab, setTab] = useState<string | null>(target ? 'history' : 'audit');
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
          <Tabs.Tab value="webhooks">{t('integrations.deliveries.title')}</Tabs.Tab>
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
        <Tabs.Panel value="webhooks" pt="md">
          <WebhookDeliveriesLog />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <HistoryTab key={target ? `${target.type}:${target.id}` : 'none'} target={target} onTarget={setTarget} />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
