import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME, isPublicPage, locales } from '@vestibule/shared';

/** The public pages' frame; the check-in wizard and the other flows fill it in later issues. */
export function PublicPage({ path }: { path: string }) {
  const { t, i18n } = useTranslation('publicPages');
  const known = isPublicPage(path);
  return (
    <div className="page">
      <header className="bar">
        <span className="brand">{PRODUCT_NAME}</span>
        <label className="language">
          {t('language')}
          <select value={i18n.language} onChange={(event) => void i18n.changeLanguage(event.target.value)}>
            {locales.map((locale) => (
              <option key={locale} value={locale}>
                {t(`common:languages.${locale}`)}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main className="content">
        <h1>{known ? t('comingSoonTitle') : t('notFoundTitle')}</h1>
        <p>{known ? t('comingSoonText') : t('notFoundText')}</p>
      </main>
    </div>
  );
}
