import { VisuallyHidden } from '@mantine/core';
import { answerStyle, type Question } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import classes from './AnswerChip.module.css';
import { IconAlertOctagon, IconAlertTriangle } from './QuestionnaireIcons.tsx';
import { shownAnswers } from './questionRules.ts';

interface AnswerChipsProps {
  question: Pick<Question, 'questionType' | 'alertAnswer' | 'warningAnswer'>;
  /** Accessible name of the list. */
  label: string;
}

/**
 * The answers of a yes/no question, translated, each in the style answerStyle gives it:
 * alert and warning answers have an icon and a word besides their colour.
 */
export function AnswerChips({ question, label }: AnswerChipsProps) {
  const { t } = useTranslation();
  const answers = shownAnswers(question.questionType);
  if (answers.length === 0) return null;
  return (
    <ul className={classes.chips} aria-label={label}>
      {answers.map((answer) => {
        const tone = answerStyle(question, answer);
        return (
          <li key={answer} className={classes.chip} data-tone={tone} data-answer={answer}>
            {tone === 'alert' && <IconAlertOctagon size={16} />}
            {tone === 'warning' && <IconAlertTriangle size={16} />}
            <span>{t(`questionnaires.answers.${answer}`)}</span>
            {tone !== 'normal' && (
              <span className={classes.tag}>
                <VisuallyHidden>, </VisuallyHidden>
                {t(`questionnaires.editor.${tone}`)}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
