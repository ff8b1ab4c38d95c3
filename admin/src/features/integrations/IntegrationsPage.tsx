import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { ApiTokensSection } from './ApiTokensSection.tsx';
import { HostChannelsSection } from './HostChannelsSection.tsx';
import { SsoSection } from './SsoSection.tsx';
import { WebhookDeliveriesLog } from './WebhookDeliveriesLog.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';

/**
 * /admin/integrations (administrators and corporate users): how Vestibule talks to the company's
 * other systems. Its webhooks (docs/webhooks.md), its API tokens (docs/api-tokens.md), then the
 * webhooks' delivery log, long and paged, which corporate users reach only here (the Logs screen,
 * which shows it too, is the administrators').
 */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  return (
    <Page title={t('integrations.title')} size="xl">
      <Text>{t('integrations.intro')}</Text>
      <WebhooksSection onChanged={() => setVersion((n) => n + 1)} />
      <ApiTokensSection />
      <HostChannelsSection />
      <SsoSection />
      <SectionCard title={t('integrations.deliveries.title')}>
        <WebhookDeliveriesLog version={version} />
      </SectionCard>
    </Page>
  );
}
