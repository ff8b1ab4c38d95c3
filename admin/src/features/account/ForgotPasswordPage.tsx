import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page.tsx';

/** Placeholder until issue 11's public page is built. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return <Page title={t('pages.forgot.title')} />;
}
