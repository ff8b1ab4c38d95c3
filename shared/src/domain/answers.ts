import type { AnswerValue, Question, QuestionType } from '../schemas/questionnaire.ts';

// The answer rules of a question, apart from the schemas so that the visitor's pages use them
// without loading the schema library.

/** The answer options a question offers: NA only for YESNONA, SKIP only where skipping is allowed. */
export function answerOptions(type: QuestionType, allowSkip: boolean): AnswerValue[] {
  if (type === 'FREEFORM') return [];
  const options: AnswerValue[] = type === 'YESNONA' ? ['YES', 'NO', 'NA'] : ['YES', 'NO'];
  return allowSkip ? [...options, 'SKIP'] : options;
}

/** How an answer row is shown: alert for YESNO/YESNONA alert answers, warning for YESNONA warning answers. */
export function answerStyle(
  question: Pick<Question, 'questionType' | 'alertAnswer' | 'warningAnswer'>,
  answer: AnswerValue,
): 'alert' | 'warning' | 'normal' {
  if (question.questionType !== 'FREEFORM' && question.alertAnswer === answer) return 'alert';
  if (question.questionType === 'YESNONA' && question.warningAnswer === answer) return 'warning';
  return 'normal';
}
