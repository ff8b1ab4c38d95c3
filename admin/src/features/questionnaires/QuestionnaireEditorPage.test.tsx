import type { Question, Questionnaire } from '@vestibule/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerCalls, json } from '../../test/answerCalls.ts';
import { axeViolations } from '../../test/axe.ts';
import { acme } from '../../test/fixtures.ts';
import { renderScreen, storeSignIn } from '../../test/renderApp.tsx';
import { i18n } from '../locale/i18n.ts';
import { QuestionnaireEditorPage } from './QuestionnaireEditorPage.tsx';
import { mixedQuestions } from './questionFixtures.ts';

const questionnaire: Questionnaire = {
  id: '0190a8f2-0000-7000-8000-00000000f000',
  name: 'Health check',
  description: null,
  questionsCount: 4,
  tenant: acme,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
};

/** The editor's calls answered like the server; `questions` is what the server holds now. */
function renderEditor(questions: () => Question[], onDelete?: (id: string) => Response | undefined) {
  storeSignIn({ username: 'master', role: 'ROLE_MASTER' });
  const calls = answerCalls({
    'GET /questionnaire/:id': () => questionnaire,
    'GET /questionnaire/:id/questions': () => questions(),
    'DELETE /questionnaire/:qid/question/:id': ({ params }) => onDelete?.(params.id!) ?? { id: params.id! },
  });
  const view = renderScreen(
    <MemoryRouter>
      <QuestionnaireEditorPage questionnaireId={questionnaire.id} />
    </MemoryRouter>,
  );
  return { ...view, calls };
}

describe('deleting a question others follow up on', () => {
  it('says which follow-ups depend on it and offers no deletion', async () => {
    const { user, calls } = renderEditor(mixedQuestions);
    await user.click(await screen.findByRole('button', { name: 'Delete question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete question 1' });
    expect(dialog).toHaveTextContent(
      'This question cannot be deleted: the follow-ups numbered 4 are asked only after its answer. Delete them, or make them depend on another question, first.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    // Its own Close button (beside the dialog's corner one) has the focus.
    const close = within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!;
    await waitFor(() => expect(close).toHaveFocus());
    await user.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.of('DELETE /questionnaire/:qid/question/:id')).toHaveLength(0);

    // A question nothing depends on is asked about, then deleted.
    await user.click(screen.getByRole('button', { name: 'Delete question 2' }));
    const plain = await screen.findByRole('dialog', { name: 'Delete question 2' });
    expect(plain).toHaveTextContent('Delete this question? This cannot be undone.');
    await user.click(within(plain).getByRole('button', { name: 'Delete' }));
    expect(calls.of('DELETE /questionnaire/:qid/question/:id').map((call) => call.params.id)).toEqual([
      mixedQuestions()[1]!.id,
    ]);
  });

  it('says it in French and Spanish too', async () => {
    for (const [language, deleteLabel, text] of [
      ['fr', 'Supprimer la question 1', 'les questions de suivi n° 4 ne sont posées qu’après sa réponse'],
      ['es', 'Eliminar la pregunta 1', 'las preguntas de seguimiento n.º 4 solo se hacen después de su respuesta'],
    ] as const) {
      await i18n.changeLanguage(language);
      const { user, unmount } = renderEditor(mixedQuestions);
      await user.click(await screen.findByRole('button', { name: deleteLabel }));
      expect(await screen.findByRole('dialog', { name: deleteLabel })).toHaveTextContent(text);
      unmount();
    }
  });

  it("shows the server's refusal when a follow-up was added since the list was read, and the list again", async () => {
    const [first, second, third, followUp] = mixedQuestions();
    let held = [first!, second!, third!];
    const { user } = renderEditor(
      () => held,
      () => {
        held = [first!, second!, third!, followUp!];
        return json(409, {
          errorCode: 'QUESTION_HAS_FOLLOW_UPS',
          msg: 'QUESTION_HAS_FOLLOW_UPS',
          params: { numbers: '4', followUpIds: followUp!.id },
        });
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete question 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This question cannot be deleted: the follow-ups numbered 4 are asked only after its answer.',
    );
    expect(await screen.findByText('Did you see a doctor?')).toBeInTheDocument();
  });
});
