import { Button, Group, List, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { PRIVACY_NOTICE_MAX, type PrivacyNotices } from '@vestibule/shared';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { MarkdownText } from '../../components/MarkdownText.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useLoaded } from '../floors/index.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';

/**
 * The company's privacy notice (docs/privacy.md, "The privacy notice"): its text in markdown with
 * a preview as visitors will see it, published as a new version (the old ones stay as they were,
 * the visits that showed them name them), and the versions published so far.
 */
export function PrivacyNoticeSection() {
  const { t } = useTranslation();
  const load = useCallback((signal: AbortSignal) => api.call('GET /privacy/notice', { signal }), []);
  const { state, reload } = useLoaded<PrivacyNotices>(load);
  return (
    <SectionCard title={t('privacy.notice.title')}>
      <Text size="sm">{t('privacy.notice.intro')}</Text>
      {state.kind === 'loading' && <Spinner />}
      {state.kind === 'failed' && (
        <LoadFailed title={t('privacy.notice.loadFailed')} error={state.error} onRetry={reload} />
      )}
      {state.kind === 'loaded' && (
        <NoticeEditor key={state.data.current?.version ?? 0} notices={state.data} onPublished={reload} />
      )}
    </SectionCard>
  );
}

function NoticeEditor({ notices, onPublished }: { notices: PrivacyNotices; onPublished: () => void }) {
  const { t, i18n } = useTranslation();
  const [body, setBody] = useState(notices.current?.body ?? '');
  const [publishing, setPublishing] = useState(false);
  const when = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );
  const next = (notices.current?.version ?? 0) + 1;
  const unchanged = body.trim() === (notices.current?.body ?? '').trim();
  const publish = async () => {
    setPublishing(true);
    try {
      const published = await api.call('POST /privacy/notice', { body: { body } });
      notifications.showSuccess({ key: 'privacy.notice.published', params: { version: published.version } });
      onPublished();
    } catch (error) {
      notifications.showError(messageFromError(error));
    } finally {
      setPublishing(false);
    }
  };
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Textarea
          label={t('privacy.notice.text')}
          description={t('privacy.notice.textHelp')}
          autosize
          minRows={10}
          maxRows={24}
          maxLength={PRIVACY_NOTICE_MAX}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text fw={500} size="sm" id="privacy-notice-preview">
            {t('privacy.notice.preview')}
          </Text>
          <Paper withBorder p="md" radius="sm" aria-labelledby="privacy-notice-preview" role="region">
            <MarkdownText empty={<Text c="dimmed">{t('privacy.notice.previewEmpty')}</Text>}>{body}</MarkdownText>
          </Paper>
        </Stack>
      </SimpleGrid>
      <Group>
        <Button onClick={() => void publish()} loading={publishing} disabled={unchanged || body.trim() === ''}>
          {t('privacy.notice.publish', { version: next })}
        </Button>
      </Group>
      {notices.versions.length === 0 ? (
        <Text c="dimmed">{t('privacy.notice.none')}</Text>
      ) : (
        <Stack gap={4}>
          <Text fw={500} size="sm">
            {t('privacy.notice.versions')}
          </Text>
          <List size="sm" data-testid="privacy-notice-versions">
            {notices.versions.map((version) => (
              <List.Item key={version.version}>
                {t(version.createdBy ? 'privacy.notice.versionBy' : 'privacy.notice.versionAt', {
                  version: version.version,
                  date: when.format(new Date(version.createdAt)),
                  user: version.createdBy ?? '',
                })}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </>
  );
}
