import { useSearchParams } from 'react-router';
import { QuestionnaireEditorPage } from './QuestionnaireEditorPage.tsx';
import { queryKeys } from './questionnaireLocation.ts';
import { QuestionnaireListPage } from './QuestionnaireListPage.tsx';

/** /admin/questionnaires: the list, or the editor of the questionnaire named in the query string. */
export function QuestionnairesScreen() {
  const [params] = useSearchParams();
  const id = params.get(queryKeys.questionnaire);
  return id ? <QuestionnaireEditorPage key={id} questionnaireId={id} /> : <QuestionnaireListPage />;
}
