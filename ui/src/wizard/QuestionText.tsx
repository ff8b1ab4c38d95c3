import { Markdown } from '../Markdown.tsx';
import { useWizardTexts } from './wizardTexts.tsx';

const classNames = { block: 'md-block', hidden: 'visually-hidden' };

/** A question text in the wizard: the shared markdown renderer, styled by the app's classes. */
export function QuestionText({ children, inline = false }: { children: string; inline?: boolean }) {
  const { t } = useWizardTexts();
  return (
    <Markdown inline={inline} newTabLabel={t('question.newTab')} classNames={classNames}>
      {children}
    </Markdown>
  );
}
