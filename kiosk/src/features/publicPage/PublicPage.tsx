import { useTranslation } from 'react-i18next';
import { isPublicPage } from '@vestibule/shared';
import { PageFrame } from '../../ui/PageFrame.tsx';

/** Public pages not built yet (registration, cancel, postpone, reschedule, PIN identification) and unknown paths. */
export function PublicPage({ path }: { path: string }) {
  const { t } = useTranslation('publicPages');
  const known = isPublicPage(path);
  return (
    <PageFrame title={known ? t('comingSoonTitle') : t('notFoundTitle')}>
      <h1>{known ? t('comingSoonTitle') : t('notFoundTitle')}</h1>
      <p>{known ? t('comingSoonText') : t('notFoundText')}</p>
    </PageFrame>
  );
}
