import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';
import { AuditLogTab } from './AuditLogTab.tsx';
import { MailboxTab } from './MailboxTab.tsx';

/**
 * /admin/logs (administrators only): the audit log, who changed what and who signed in, and the
 * mailbox of every e-mail the service wrote. A tab is drawn (and asks the server) when opened.
 */
export function LogsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('audit');
  return (
    <Page title={t('pages.logs.title')} size="xl">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="audit">{t('logs.audit.title')}</Tabs.Tab>
          <Tabs.Tab value="mailbox">{t('logs.mailbox.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="audit" pt="md">
          <AuditLogTab />
        </Tabs.Panel>
        <Tabs.Panel value="mailbox" pt="md">
          <MailboxTab />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
