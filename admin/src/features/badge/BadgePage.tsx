import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { SERVICE_BASE, type VisitBadge } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { pathOf } from '@vestibule/shared/contract';
import { Badge, BadgeSheet, printBadgeSheet } from '@vestibule/ui/badge';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../api/apiClient.ts';
import { usePictureUrl } from '../../api/usePictureUrl.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { useLoaded } from '../floors/index.ts';
import { messageFromError, useNoticeText } from '../notifications/index.ts';
import { paths } from '../routing/index.ts';
import classes from './BadgePage.module.css';
import { badgeTextsOf } from './badgeTexts.ts';

/**
 * /badge/{visit}: a visit's badge at its label's real size, to print again (docs/badges.md,
 * "Printing it again"). Print, or the browser's own print, prints the badge alone on one page of
 * its label; the route has no toolbar nor footer.
 */
export function BadgePage() {
  const { t, i18n } = useTranslation();
  const noticeText = useNoticeText();
  const { visitId = '' } = useParams();
  const load = useCallback(
    (signal: AbortSignal) => api.call('GET /meeting/:id/badge', { params: { id: visitId }, signal }),
    [visitId],
  );
  const { state } = useLoaded<VisitBadge>(load);
  const badge = state.kind === 'loaded' ? state.data : null;
  const photo = usePictureUrl(badge?.hasPhoto ? 'GET /meeting/:id/photo' : null, visitId);
  const back = (
    <Anchor component={Link} to={paths.checkInOut} className={classes.noPrint}>
      {t('entryLog.badgePage.back')}
    </Anchor>
  );
  if (state.kind === 'loading') return <Spinner />;
  if (state.kind === 'failed') {
    const missing = state.error instanceof ApiError && state.error.status === 404;
    return (
      <Stack className={classes.page}>
        <Title order={1}>{t('entryLog.badgePage.titleLoading')}</Title>
        <Alert color="red" variant="light" title={t('entryLog.badgePage.loadFailed')}>
          {missing ? t('entryLog.badgePage.notFound') : noticeText(messageFromError(state.error))}
        </Alert>
        {back}
      </Stack>
    );
  }
  const { content, layout } = state.data;
  const props = {
    content,
    layout,
    texts: badgeTextsOf(t),
    locale: i18n.resolvedLanguage ?? i18n.language,
    logoSrc:
      state.data.logoVersion > 0
        ? `${SERVICE_BASE}${pathOf('GET /public/buildings/:id/checkInLogoImage/:version', { id: state.data.buildingId, version: state.data.logoVersion })}`
        : null,
    photoSrc: photo,
  };
  return (
    <Stack className={classes.page}>
      <Title order={1}>
        {t('entryLog.badgePage.title', { name: `${content.firstName} ${content.lastName}`.trim() })}
      </Title>
      <Text maw={640}>{t('entryLog.badgePage.hint', { size: t(`badge.sizes.${layout.size}`) })}</Text>
      <Group>
        <Button onClick={() => void printBadgeSheet()}>{t('entryLog.badgePage.print')}</Button>
        {back}
      </Group>
      <div className={classes.preview}>
        <Badge {...props} />
      </div>
      <BadgeSheet {...props} />
    </Stack>
  );
}
