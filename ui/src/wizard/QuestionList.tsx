import {
  ANSWER_MAX,
  type Answers,
  type WizardQuestion,
  type WizardQuestionnaire,
  answerOptions,
  answerStyle,
  visibleQuestions,
} from '@vestibule/shared';
import { useState } from 'react';
import { useWizardTexts } from './wizardTexts.tsx';
import { QuestionText } from './QuestionText.tsx';

interface QuestionListProps {
  questionnaire: WizardQuestionnaire;
  answers: Answers;
  onAnswer: (items: readonly WizardQuestion[], questionId: string, value: string) => void;
  idPrefix: string;
}

/**
 * The visible questions of a questionnaire: a follow-up appears only once its earlier
 * question has the answer it depends on (and its answer is dropped when that changes).
 */
export function QuestionList({ questionnaire, answers, onAnswer, idPrefix }: QuestionListProps) {
  return (
    <div className="questions">
      {visibleQuestions(questionnaire.items, answers).map((question) => (
        <QuestionField
          key={question.id}
          id={`${idPrefix}-q-${question.id}`}
          question={question}
          value={answers[question.id] ?? ''}
          onAnswer={(value) => onAnswer(questionnaire.items, question.id, value)}
        />
      ))}
    </div>
  );
}

interface QuestionFieldProps {
  id: string;
  question: WizardQuestion;
  value: string;
  onAnswer: (value: string) => void;
}

function QuestionField({ id, question, value, onAnswer }: QuestionFieldProps) {
  const { t } = useWizardTexts();
  const [left, setLeft] = useState(false);
  if (question.questionType === 'FREEFORM') {
    const missing = left && value.trim() === '';
    return (
      <div className="question field" data-invalid={missing ? true : undefined}>
        <label htmlFor={id} className="question-text">
          <QuestionText inline>{question.text}</QuestionText>
        </label>
        <textarea
          id={id}
          rows={2}
          required
          maxLength={ANSWER_MAX}
          value={value}
          aria-invalid={missing ? true : undefined}
          aria-describedby={`${id}-counter-hint${missing ? ` ${id}-error` : ''}`}
          onChange={(event) => onAnswer(event.target.value)}
          onBlur={() => setLeft(true)}
        />
        <div className="field-footer">
          {missing ? (
            <p id={`${id}-error`} className="field-error">
              <span aria-hidden="true">⚠ </span>
              {t('question.required')}
            </p>
          ) : (
            <span />
          )}
          <span className="field-counter">
            <span aria-hidden="true">{t('counter', { count: value.length, max: ANSWER_MAX })}</span>
            <span id={`${id}-counter-hint`} className="visually-hidden">
              {t('counterHint', { max: ANSWER_MAX })}
            </span>
          </span>
        </div>
      </div>
    );
  }
  const options = answerOptions(question.questionType, false);
  const selected = options.find((option) => option === value);
  const tone = selected ? answerStyle(question, selected) : 'normal';
  return (
    <fieldset className="question" data-tone={tone}>
      <legend className="question-text">
        <QuestionText inline>{question.text}</QuestionText>
      </legend>
      <div className="choices">
        {options.map((option) => (
          <label key={option} className="choice" data-selected={option === selected ? true : undefined}>
            <input
              type="radio"
              name={id}
              value={option}
              checked={option === selected}
              required
              onChange={() => onAnswer(option)}
            />
            <span>{t(`answers.${option}`)}</span>
          </label>
        ))}
      </div>
      <p className="tone-note" data-tone={tone} aria-live="polite">
        {tone === 'alert' && (
          <>
            <span aria-hidden="true">⛔ </span>
            {t('question.alertNote')}
          </>
        )}
        {tone === 'warning' && (
          <>
            <span aria-hidden="true">⚠ </span>
            {t('question.warningNote')}
          </>
        )}
      </p>
    </fieldset>
  );
}
