import type { WizardQuestionnaire } from '@vestibule/shared';
import type { Db } from '../../db/database.ts';

/**
 * A building's entry or exit questionnaires for a person type, in order, with their questions in
 * order: one query (the links joined with their questions), as it runs on every check-in.
 */
export async function linkedQuestionnaires(
  db: Db,
  buildingId: string,
  kind: 'ENTRY' | 'EXIT',
  visitorType: 'VISITOR' | 'CONTRACTOR' | 'EMPLOYEE' | 'RESIDENT',
): Promise<WizardQuestionnaire[]> {
  const rows = await db
    .selectFrom('building_questionnaires')
    .innerJoin('questionnaires', 'questionnaires.id', 'building_questionnaires.questionnaire_id')
    .leftJoin('questions', 'questions.questionnaire_id', 'questionnaires.id')
    .select([
      'questionnaires.id as questionnaire_id',
      'questionnaires.name as questionnaire_name',
      'questions.id as question_id',
      'questions.text',
      'questions.question_type',
      'questions.alert_answer',
      'questions.warning_answer',
      'questions.previous_question_id',
      'questions.previous_question_answer',
    ])
    .where('building_questionnaires.building_id', '=', buildingId)
    .where('building_questionnaires.kind', '=', kind)
    .where('building_questionnaires.visitor_type', '=', visitorType === 'RESIDENT' ? 'VISITOR' : visitorType)
    .orderBy('building_questionnaires.sort_order')
    .orderBy('questions.sort_order')
    .orderBy('questions.created_at')
    .execute();
  type Item = WizardQuestionnaire['items'][number];
  const questionnaires = new Map<string, WizardQuestionnaire>();
  for (const row of rows) {
    let questionnaire = questionnaires.get(row.questionnaire_id);
    if (!questionnaire) {
      questionnaire = { id: row.questionnaire_id, name: row.questionnaire_name, items: [] };
      questionnaires.set(row.questionnaire_id, questionnaire);
    }
    if (row.question_id === null || row.text === null || row.question_type === null) continue;
    questionnaire.items.push({
      id: row.question_id,
      text: row.text,
      questionType: row.question_type,
      alertAnswer: row.alert_answer as Item['alertAnswer'],
      warningAnswer: row.warning_answer as Item['warningAnswer'],
      previousQuestionId: row.previous_question_id,
      previousQuestionAnswer: row.previous_question_answer as Item['previousQuestionAnswer'],
    });
  }
  return [...questionnaires.values()];
}
