import { Markdown as SharedMarkdown } from '@vestibule/shared/markdown';
import { useTranslation } from 'react-i18next';

const classNames = { block: 'md-block', hidden: 'visually-hidden' };

/** A question text on the kiosk: the shared renderer (the admin preview's), with the kiosk's styles. */
export function Markdown({ children, inline = false }: { children: string; inline?: boolean }) {
  const { t } = useTranslation('wizard');
  return (
    <SharedMarkdown inline={inline} newTabLabel={t('question.newTab')} classNames={classNames}>
      {children}
    </SharedMarkdown>
  );
}
