import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';
import { selectImpersonating, useSession } from '../session/index.ts';
import { PasswordSection } from './PasswordSection.tsx';
import { ProfileDetailsSection } from './ProfileDetailsSection.tsx';
import { useProfileData } from './useProfileData.ts';

/**
 * /profile: the signed-in user's details and preferences, and their password. While an
 * administrator is logged in as someone else the password section is left out: the server refuses
 * that change (403), and a 403 signs the user out.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const { data, failed, reload, acceptProfile } = useProfileData();
  const impersonating = useSession(selectImpersonating);

  return (
    <Page title={t('pages.profile.title')} size="md">
      <Stack gap="lg">
        {failed && (
          <Alert color="red" title={t('myProfile.loadFailed')}>
            <Button variant="outline" color="red" size="xs" onClick={reload}>
              {t('myProfile.retry')}
            </Button>
          </Alert>
        )}
        {data && <ProfileDetailsSection profile={data.profile} choices={data.choices} onSaved={acceptProfile} />}
        {!impersonating && <PasswordSection />}
      </Stack>
    </Page>
  );
}
