import {
  Anchor,
  Button,
  Card,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { Building } from '@vestibule/shared';
import QRCode from 'qrcode';
import { useQrImage } from '../../components/useQrImage.ts';
import { useTranslation } from 'react-i18next';
import { IconCopy, IconDownload } from './BuildingIcons.tsx';
import { useBuildingDialog } from './buildingDialogContext.ts';
import { MobileTokenSection } from './MobileTokenSection.tsx';
import { clipboardAvailable, qrFileName, qrLinks, type QrLink } from './qrLinks.ts';

/** Shown 200 px wide; the PNG is drawn larger so that it prints sharply. */
const QR_DISPLAY_WIDTH = 200;
const QR_PNG_WIDTH = 800;

/** Tab 7: the four public links as QR codes, and the mobile token. */
export function QrCodesTab({ building }: { building: Building }) {
  const { t } = useTranslation();
  const links = qrLinks(building, window.location.origin);
  const canCopy = clipboardAvailable();
  return (
    <Stack gap="lg">
      <Text size="sm">{t('buildings.qr.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {links.map((link) => (
          <QrCodeCard key={link.kind} link={link} building={building} canCopy={canCopy} />
        ))}
      </SimpleGrid>
      <MobileTokenSection building={building} />
    </Stack>
  );
}

function QrCodeCard({ link, building, canCopy }: { link: QrLink; building: Building; canCopy: boolean }) {
  const { t } = useTranslation();
  const { notices } = useBuildingDialog();
  const image = useQrImage(link.url);
  const title = t(`buildings.qr.links.${link.kind}`);

  const download = async () => {
    try {
      const png = await QRCode.toDataURL(link.url, { type: 'image/png', width: QR_PNG_WIDTH, margin: 2 });
      const anchor = document.createElement('a');
      anchor.href = png;
      anchor.download = qrFileName(building.name, link.kind);
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    } catch {
      notices.showMessages([{ key: 'buildings.qr.downloadFailed' }]);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      notices.showSuccess({ key: 'common.SUCCESS_CLIPBOARD' });
    } catch {
      notices.showMessages([{ key: 'errors.FAILED_CLIPBOARD' }]);
    }
  };

  return (
    <Card withBorder padding="md" data-testid={`qr-${link.kind}`}>
      <Stack gap="sm" align="flex-start">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Anchor href={link.url} target="_blank" rel="noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
          {link.url}
          <VisuallyHidden>{` (${t('buildings.qr.newTab')})`}</VisuallyHidden>
        </Anchor>
        {image ? (
          <Image
            src={image}
            w={QR_DISPLAY_WIDTH}
            h={QR_DISPLAY_WIDTH}
            alt={t('buildings.qr.imageAlt', { link: title })}
          />
        ) : (
          <Group w={QR_DISPLAY_WIDTH} h={QR_DISPLAY_WIDTH} justify="center">
            <Loader size="sm" aria-label={t('buildings.common.loading')} />
          </Group>
        )}
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload />}
            onClick={() => void download()}
            aria-label={t('buildings.qr.downloadOf', { link: title })}
          >
            {t('buildings.qr.download')}
          </Button>
          {canCopy && (
            <Button
              variant="default"
              leftSection={<IconCopy />}
              onClick={() => void copy()}
              aria-label={t('buildings.qr.copyOf', { link: title })}
            >
              {t('buildings.qr.copy')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
