import { Alert, Button, Text } from '@mantine/core';
import type { SpaceNow } from '@vestibule/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../api/apiClient.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { useQrImage } from '../../components/useQrImage.ts';
import { useLoaded } from '../floors/index.ts';
import { messageFromError, useNoticeText } from '../notifications/index.ts';
import { routeTable } from '../routing/index.ts';
import classes from './SpaceQr.module.css';

/** The address a space's QR code opens: its page, where its bookings are checked into. */
export function spacePageUrl(origin: string, spaceId: string): string {
  return `${origin}${routeTable.spaceCheckIn.path.replace(':id', encodeURIComponent(spaceId))}`;
}

/**
 * /admin/space/qr/{id}: a space's QR code on one page to print and stick on the desk or door,
 * with the space's name and where it is (docs/space-booking.md, "Check-in and release"). The
 * route has no toolbar nor footer; the Print button is not printed.
 */
export function SpaceQrPage() {
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  const { id = '' } = useParams();
  const load = useCallback(
    (signal: AbortSignal) => api.call('GET /spacebooking/space/:spaceId', { params: { spaceId: id }, signal }),
    [id],
  );
  const { state } = useLoaded<SpaceNow>(load);
  if (state.kind === 'loading') return <Spinner />;
  if (state.kind === 'failed')
    return (
      <div className={classes.sheet}>
        <Alert color="red" variant="light" title={t('spaceCheckIn.loadFailed')}>
          {noticeText(messageFromError(state.error))}
        </Alert>
      </div>
    );
  const { space } = state.data;
  return (
    <div className={classes.sheet}>
      <h1 className={classes.name}>{space.name}</h1>
      <Text size="lg">{t('spaceCheckIn.where', { floor: space.floor, building: space.building })}</Text>
      <QrCode
        url={spacePageUrl(window.location.origin, space.id)}
        label={t('spaceCheckIn.qr.label', { name: space.name })}
      />
      <Text size="lg" fw={600}>
        {t('spaceCheckIn.qr.scan')}
      </Text>
      <Button className={classes.noPrint} onClick={() => window.print()}>
        {t('spaceCheckIn.qr.print')}
      </Button>
    </div>
  );
}

function QrCode({ url, label }: { url: string; label: string }) {
  const image = useQrImage(url);
  return (
    <div className={classes.code} data-url={url}>
      {image !== null && <img src={image} alt={label} width="100%" height="100%" />}
    </div>
  );
}
