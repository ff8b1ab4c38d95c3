import type { Question } from '@vestibule/shared';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders.tsx';
import { i18n } from '../locale/i18n.ts';
import { createTestSession } from '../../test/renderApp.tsx';
import { mixedQuestions, questionFixture } from './questionFixtures.ts';
import { QuestionList, type MoveDirection } from './QuestionList.tsx';

function renderList(questions: Question[], moveError: { questionId: string; text: string } | null = null) {
  const onMove = vi.fn<(question: Question, direction: MoveDirection) => void>();
  const onEdit = vi.fn<(question: Question) => void>();
  const onDelete = vi.fn<(question: Question) => void>();
  render(
    <AppProviders session={createTestSession()} testEnvironment>
      <QuestionList questions={questions} onMove={onMove} onEdit={onEdit} onDelete={onDelete} moveError={moveError} />
    </AppProviders>,
  );
  return { onMove, onEdit, onDelete, user: userEvent.setup() };
}

const button = (name: string) => screen.getByRole('button', { name });

describe('question list', () => {
  it('disables moving the first question up and the last one down', () => {
    renderList(mixedQuestions());
    expect(button('Move question 1 up')).toBeDisabled();
    expect(button('Move question 1 down')).toBeEnabled();
    expect(button('Move question 2 up')).toBeEnabled();
    expect(button('Move question 3 down')).toBeEnabled();
    expect(button('Move question 4 up')).toBeEnabled();
    expect(button('Move question 4 down')).toBeDisabled();
  });

  it('cannot move a lone question at all', () => {
    renderList([questionFixture(1)]);
    expect(button('Move question 1 up')).toBeDisabled();
    expect(button('Move question 1 down')).toBeDisabled();
  });

  it('asks to move, edit or delete the question of the button', async () => {
    const questions = mixedQuestions();
    const { onMove, onEdit, onDelete, user } = renderList(questions);
    await user.click(button('Move question 2 up'));
    expect(onMove).toHaveBeenCalledWith(questions[1], 'up');
    await user.click(button('Move question 3 down'));
    expect(onMove).toHaveBeenLastCalledWith(questions[2], 'down');
    await user.click(button('Edit question 4'));
    expect(onEdit).toHaveBeenCalledWith(questions[3]);
    await user.click(button('Delete question 1'));
    expect(onDelete).toHaveBeenCalledWith(questions[0]);
  });

  it('shows each question rendered, its type, its styled answers and its follow-up condition', () => {
    renderList(mixedQuestions());
    const items = within(screen.getByRole('list', { name: 'Questions, in the order they are asked' })).getAllByRole(
      'listitem',
      { name: (_, element) => element.hasAttribute('data-question-id') },
    );
    expect(items).toHaveLength(4);
    const [first, second, third, fourth] = items;
    if (!first || !second || !third || !fourth) throw new Error('four questions expected');

    expect(within(first).getByText('fever', { selector: 'strong' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Yes / No');
    const firstAnswers = within(first).getByRole('list', { name: 'Answers of question 1' });
    const alert = within(firstAnswers).getByText('Yes').closest('li');
    expect(alert).toHaveAttribute('data-tone', 'alert');
    expect(alert).toHaveTextContent('Yes, alert');
    expect(within(firstAnswers).getByText('No').closest('li')).toHaveAttribute('data-tone', 'normal');

    expect(second).toHaveTextContent('Free text');
    expect(within(second).queryByRole('list')).not.toBeInTheDocument();

    const thirdAnswers = within(third).getByRole('list', { name: 'Answers of question 3' });
    expect(
      within(thirdAnswers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Yes, warning', 'No', 'Not applicable']);
    expect(within(thirdAnswers).getByText('Yes').closest('li')).toHaveAttribute('data-tone', 'warning');

    expect(within(fourth).getByTestId('question-follow-up')).toHaveTextContent(
      'Shown only when question 1 (“Do you have a fever?”) is answered Yes.',
    );
  });

  it('translates the answers', async () => {
    await i18n.changeLanguage('fr');
    renderList(mixedQuestions());
    const answers = screen.getByRole('list', { name: 'Réponses de la question 3' });
    expect(
      within(answers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Oui, avertissement', 'Non', 'Sans objet']);
  });

  it('shows a refused move under the question that tried to move', () => {
    const questions = mixedQuestions();
    renderList(questions, { questionId: questions[3]?.id ?? '', text: 'This move is not possible.' });
    const items = screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-question-id'));
    expect(within(items[3] as HTMLElement).getByRole('alert')).toHaveTextContent('This move is not possible.');
  });
});
