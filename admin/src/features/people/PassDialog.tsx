import { Anchor, Button, Code, Group, Image, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Person, PersonPass } from '@vestibule/shared';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { IconDownload } from '../../components/ListIcons.tsx';
import { messageFromError, notifications } from '../notifications/index.ts';
import { PassActions } from './PassActions.tsx';
import { IconCopy, IconPrinter } from './PeopleIcons.tsx';
import { clipboardAvailable, downloadPass, printPass } from './passFile.ts';
import { displayName, passFileName } from './personForm.ts';

const QR_WIDTH = 240;

/**
 * A person's access pass: the QR code the door reads, the identifier it encodes, the personal
 * check-in link (copied, opened), saved as PNG or printed; managers also e-mail the pass or the
 * link and revoke the pass (a new one replaces it at once).
 */
export function PassDialog(props: { person: Person; manage: boolean; onClose: () => void }) {
  const { person, manage, onClose } = props;
  const { t } = useTranslation();
  const [pass, setPass] = useState<PersonPass | null>(null);
  const name = displayName(person);
  const alt = t('people.pass.imageAlt', { name });

  const failed = useEffectEvent((error: unknown) => {
    notifications.showError(messageFromError(error));
    onClose();
  });

  useEffect(() => {
    let live = true;
    api.call('GET /person/:id/pass', { params: { id: person.id } }).then(
      (answer) => live && setPass(answer),
      (error: unknown) => live && failed(error),
    );
    return () => {
      live = false;
    };
  }, [person.id]);

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      notifications.showSuccess({ key: 'common.SUCCESS_CLIPBOARD' });
    } catch {
      notifications.showError({ key: 'errors.FAILED_CLIPBOARD' });
    }
  };

  const download = (qrcode: string) => {
    try {
      downloadPass(qrcode, passFileName(person));
    } catch {
      notifications.showError({ key: 'people.pass.downloadFailed' });
    }
  };

  return (
    <AppDialog opened onClose={onClose} title={t('people.pass.title', { name })} size="lg" data-testid="pass-dialog">
      {pass === null ? (
        <Group justify="center" p="xl">
          <Loader aria-label={t('people.pass.loading')} />
        </Group>
      ) : (
        <Stack gap="md" align="center">
          <Image src={pass.qrcode} alt={alt} w={QR_WIDTH} h={QR_WIDTH} data-testid="pass-qrcode" />
          <Stack gap={4} align="center">
            <Text size="sm" fw={600}>
              {t('people.pass.identifier')}
            </Text>
            <Code data-testid="pass-identifier">{pass.identifier}</Code>
          </Stack>
          <Stack gap={4} align="center" w="100%">
            <Text size="sm" fw={600}>
              {t('people.pass.link')}
            </Text>
            <Anchor
              href={pass.link}
              target="_blank"
              rel="noreferrer"
              size="sm"
              ta="center"
              style={{ wordBreak: 'break-all' }}
            >
              {pass.link}
              <VisuallyHidden>{` (${t('people.pass.newTab')})`}</VisuallyHidden>
            </Anchor>
          </Stack>
          <Group gap="sm" justify="center">
            {clipboardAvailable() && (
              <Button
                variant="default"
                leftSection={<IconCopy />}
                onClick={() => void copy(pass.link)}
                aria-label={t('people.pass.copyLink')}
              >
                {t('people.pass.copy')}
              </Button>
            )}
            <Button variant="default" leftSection={<IconDownload />} onClick={() => download(pass.qrcode)}>
              {t('people.pass.download')}
            </Button>
            <Button variant="default" leftSection={<IconPrinter />} onClick={() => printPass(pass, name, alt)}>
              {t('people.pass.print')}
            </Button>
          </Group>
          {manage && <PassActions person={person} onRevoked={setPass} />}
        </Stack>
      )}
    </AppDialog>
  );
}
