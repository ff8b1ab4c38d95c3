import type { Question, QuestionInput } from '@vestibule/shared';
import { QUESTION_TEXT_MAX } from '@vestibule/shared';
import { ApiError } from '@vestibule/shared/api';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders.tsx';
import { createTestSession } from '../../test/renderApp.tsx';
import { mixedQuestions } from './questionFixtures.ts';
import { QuestionFormDialog } from './QuestionFormDialog.tsx';

function renderDialog(options: { question?: Question | null; questions?: Question[] } = {}) {
  const onSubmit = vi.fn<(input: QuestionInput) => Promise<void>>(async () => undefined);
  const onClose = vi.fn();
  render(
    <AppProviders session={createTestSession()} testEnvironment>
      <QuestionFormDialog
        opened
        onClose={onClose}
        question={options.question ?? null}
        questions={options.questions ?? mixedQuestions()}
        onSubmit={onSubmit}
      />
    </AppProviders>,
  );
  const dialog = screen.getByRole('dialog');
  return { dialog, onSubmit, onClose, user: userEvent.setup() };
}

function optionLabels(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

const enabledOptionLabels = (select: HTMLElement) =>
  within(select)
    .getAllByRole<HTMLOptionElement>('option')
    .filter((option) => !option.disabled)
    .map((option) => option.textContent ?? '');

describe('question dialog: answers per type', () => {
  it('offers Yes and No as alert answers of a YESNO question, and no warning answer', async () => {
    const { dialog } = renderDialog();
    expect(within(dialog).getByRole('combobox', { name: 'Answer type' })).toHaveValue('YESNO');
    expect(optionLabels(within(dialog).getByRole('combobox', { name: /Alert answer/ }))).toEqual(['None', 'Yes', 'No']);
    expect(within(dialog).queryByRole('combobox', { name: /Warning answer/ })).not.toBeInTheDocument();
  });

  it('adds Not applicable for YESNONA, and a warning select without the alert answer', async () => {
    const { dialog, user } = renderDialog();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Answer type' }), 'YESNONA');
    const alert = within(dialog).getByRole('combobox', { name: /Alert answer/ });
    expect(optionLabels(alert)).toEqual(['None', 'Yes', 'No', 'Not applicable']);
    const warning = within(dialog).getByRole('combobox', { name: /Warning answer/ });
    expect(optionLabels(warning)).toEqual(['None', 'Yes', 'No', 'Not applicable']);

    await user.selectOptions(alert, 'YES');
    expect(optionLabels(within(dialog).getByRole('combobox', { name: /Warning answer/ }))).toEqual([
      'None',
      'No',
      'Not applicable',
    ]);
  });

  it('has no alert or warning answer for a FREEFORM question, and drops the chosen ones', async () => {
    const { dialog, user, onSubmit } = renderDialog({ questions: [] });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Answer type' }), 'YESNONA');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Alert answer/ }), 'NA');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Warning answer/ }), 'YES');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Answer type' }), 'FREEFORM');
    expect(within(dialog).queryByRole('combobox', { name: /Alert answer/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /Warning answer/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText('A free-text question has no alert or warning answer.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('textbox', { name: /Question text/ }));
    await user.paste('Anything to declare?');
    await user.click(within(dialog).getByRole('button', { name: 'Add the question' }));
    expect(onSubmit).toHaveBeenCalledWith({
      text: 'Anything to declare?',
      questionType: 'FREEFORM',
      alertAnswer: null,
      warningAnswer: null,
      previousQuestionId: null,
      previousQuestionAnswer: null,
    });
  });

  it('drops an NA alert when the type goes back to YESNO', async () => {
    const { dialog, user } = renderDialog();
    const type = within(dialog).getByRole('combobox', { name: 'Answer type' });
    await user.selectOptions(type, 'YESNONA');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Alert answer/ }), 'NA');
    await user.selectOptions(type, 'YESNO');
    expect(within(dialog).getByRole('combobox', { name: /Alert answer/ })).toHaveValue('');
  });
});

describe('question dialog: follow-up', () => {
  it('offers only the earlier yes/no questions to a new question (added at the end)', () => {
    const { dialog } = renderDialog();
    expect(optionLabels(within(dialog).getByRole('combobox', { name: 'Follow-up of' }))).toEqual([
      'None: always asked',
      'Question 1: Do you have a fever?',
      'Question 3: Did you travel abroad?',
      'Question 4: Did you see a doctor?',
    ]);
  });

  it('offers nothing placed after the question being edited, nor the question itself', () => {
    const questions = mixedQuestions();
    const { dialog } = renderDialog({ question: questions[2] ?? null, questions });
    expect(optionLabels(within(dialog).getByRole('combobox', { name: 'Follow-up of' }))).toEqual([
      'None: always asked',
      'Question 1: Do you have a fever?',
    ]);
  });

  it('disables the follow-up when no earlier yes/no question exists', () => {
    const questions = mixedQuestions();
    const { dialog } = renderDialog({ question: questions[0] ?? null, questions });
    expect(within(dialog).getByRole('combobox', { name: 'Follow-up of' })).toBeDisabled();
    expect(within(dialog).getByText('There is no earlier yes/no question to follow up on.')).toBeInTheDocument();
  });

  it('offers the answers of the chosen question: NA only after a YESNONA question', async () => {
    const questions = mixedQuestions();
    const { dialog, user } = renderDialog({ questions });
    const followUp = within(dialog).getByRole('combobox', { name: 'Follow-up of' });
    expect(within(dialog).queryByRole('combobox', { name: 'Shown when the answer is' })).not.toBeInTheDocument();

    await user.selectOptions(followUp, questions[0]?.id ?? '');
    const answer = within(dialog).getByRole('combobox', { name: 'Shown when the answer is' });
    expect(optionLabels(answer)).toEqual(['Yes', 'No']);
    expect(answer).toHaveValue('YES');

    await user.selectOptions(followUp, questions[2]?.id ?? '');
    const answerAfterYesNoNa = within(dialog).getByRole('combobox', { name: 'Shown when the answer is' });
    expect(optionLabels(answerAfterYesNoNa)).toEqual(['Yes', 'No', 'Not applicable']);
    await user.selectOptions(answerAfterYesNoNa, 'NA');

    await user.selectOptions(followUp, questions[0]?.id ?? '');
    expect(within(dialog).getByRole('combobox', { name: 'Shown when the answer is' })).toHaveValue('YES');
  });

  it('keeps a question that others follow up on a yes/no question', () => {
    const questions = mixedQuestions();
    const { dialog } = renderDialog({ question: questions[0] ?? null, questions });
    expect(enabledOptionLabels(within(dialog).getByRole('combobox', { name: /Answer type/ }))).toEqual([
      'Yes / No',
      'Yes / No / Not applicable',
    ]);
  });
});

describe('question dialog: text and preview', () => {
  it('renders the markdown live and leaves raw HTML as inert text', async () => {
    const { dialog, user } = renderDialog();
    const preview = within(dialog).getByTestId('question-preview');
    expect(preview).toHaveTextContent('The preview appears here as you type.');

    await user.click(within(dialog).getByRole('textbox', { name: /Question text/ }));
    await user.paste(
      'Do you accept the **rules**?\n\n<script>window.injected = true</script>\n\n<img src="x" onerror="window.injected = true">\n\n[Rules](https://example.com/rules) [bad](javascript:alert(1))',
    );

    expect(await within(preview).findByText('rules', { selector: 'strong' })).toBeInTheDocument();
    expect(preview.querySelector('script, img, iframe, [onerror]')).toBeNull();
    expect(preview).toHaveTextContent('<script>window.injected = true</script>');
    expect(preview).toHaveTextContent('<img src="x" onerror="window.injected = true">');
    expect((window as { injected?: boolean }).injected).toBeUndefined();

    const link = within(preview).getByRole('link', { name: /Rules/ });
    expect(link).toHaveAttribute('href', 'https://example.com/rules');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(preview).queryByRole('link', { name: /bad/ })).not.toBeInTheDocument();
    expect(preview.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('counts characters up to the limit and refuses longer text', async () => {
    const { dialog, user, onSubmit } = renderDialog();
    const text = within(dialog).getByRole('textbox', { name: /Question text/ });
    expect(within(dialog).getByTestId('question-text-counter')).toHaveTextContent(
      `0 / ${QUESTION_TEXT_MAX} characters`,
    );

    await user.click(text);
    await user.paste('x'.repeat(QUESTION_TEXT_MAX + 1));
    expect(within(dialog).getByTestId('question-text-counter')).toHaveTextContent(
      `${QUESTION_TEXT_MAX + 1} / ${QUESTION_TEXT_MAX} characters`,
    );
    expect(within(dialog).getByText(`At most ${QUESTION_TEXT_MAX} characters`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add the question' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(text).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for the text before saving', async () => {
    const { dialog, user, onSubmit } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Add the question' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Question text/ })).toHaveFocus();
  });

  it('shows a refusal of the server in the dialog, which stays open', async () => {
    const questions = mixedQuestions();
    const { dialog, user, onSubmit } = renderDialog({ question: questions[0] ?? null, questions });
    onSubmit.mockRejectedValueOnce(
      new ApiError(
        400,
        'QUESTION_FOLLOW_UP_INVALID',
        'A follow-up question must depend on an earlier yes/no question.',
        { field: 'questionType' },
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Other questions follow up on this one: it must stay a yes/no question.',
    );
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ text: 'Do you have a **fever**?' }));
  });
});
