import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';

/** Placeholder until issue 11's profile page is built. */
export function ProfilePage() {
  const { t } = useTranslation();
  return <Page title={t('pages.profile.title')} />;
}
