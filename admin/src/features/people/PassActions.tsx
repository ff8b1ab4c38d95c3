import { Alert, Button, Group } from '@mantine/core';
import type { Person, PersonPass } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { messageFromError, notifications } from '../notifications/index.ts';
import { IconRefresh, IconSend } from './PeopleIcons.tsx';
import { displayName } from './personForm.ts';

/** A manager's actions on a pass: e-mail it or the personal link (in the person's language), or revoke it. */
export function PassActions(props: { person: Person; onRevoked: (pass: PersonPass) => void }) {
  const { person, onRevoked } = props;
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const email = person.email;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    notifications.clearBanners();
    try {
      await action();
    } catch (error) {
      notifications.showError(messageFromError(error));
    } finally {
      setBusy(false);
    }
  };

  const send = (what: 'pass' | 'link') =>
    run(async () => {
      const params = { id: person.id };
      await (what === 'pass'
        ? api.call('POST /person/:id/sendpass', { params })
        : api.call('POST /person/:id/sendlink', { params }));
      notifications.showSuccess({
        key: what === 'pass' ? 'people.passSent' : 'people.linkSent',
        params: { email: email ?? '' },
      });
    });

  const revoke = () => {
    setAsking(false);
    void run(async () => {
      onRevoked(await api.call('POST /person/:id/revokePass', { params: { id: person.id } }));
      notifications.showSuccess({ key: 'people.pass.REVOKED' });
    });
  };

  return (
    <>
      {!email && (
        <Alert color="gray" variant="light" w="100%">
          {t('people.pass.noEmail')}
        </Alert>
      )}
      <Group gap="sm" justify="center">
        <Button leftSection={<IconSend />} onClick={() => void send('pass')} disabled={!email || busy}>
          {t('people.pass.sendPass')}
        </Button>
        <Button leftSection={<IconSend />} onClick={() => void send('link')} disabled={!email || busy}>
          {t('people.pass.sendLink')}
        </Button>
        <Button
          color="red.9"
          variant="outline"
          leftSection={<IconRefresh />}
          onClick={() => setAsking(true)}
          disabled={busy}
        >
          {t('people.pass.revoke')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title={t('people.pass.revokeTitle')}
        confirmLabel={t('people.pass.revokeConfirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={revoke}
        onCancel={() => setAsking(false)}
        danger
        data-testid="revoke-pass"
      >
        {t('people.pass.revokeText', { name: displayName(person) })}
      </ConfirmDialog>
    </>
  );
}
