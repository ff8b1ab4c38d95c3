import type { Locale } from '@vestibule/shared';
import type { Locator, Page } from 'playwright-core';
import { exactly, text } from '../harness/i18n.ts';
import { waitForPath } from '../harness/navigation.ts';

export const QUESTIONNAIRES_PATH = '/admin/questionnaires';

type QuestionType = 'YESNO' | 'YESNONA' | 'FREEFORM';
type RuleAnswer = 'YES' | 'NO' | 'NA';

export interface NewQuestion {
  text: string;
  type: QuestionType;
  alert?: RuleAnswer;
  warning?: RuleAnswer;
  /** Shown only when this earlier question (its number and its plain text) has this answer. */
  followUp?: { number: number; text: string; answer: RuleAnswer };
}

/**
 * /admin/questionnaires: the list (search, pages, create, rename, delete) and, with
 * `?questionnaire=<id>`, the editor of one questionnaire with its question dialog.
 */
export class QuestionnairesPage {
  readonly page: Page;
  readonly locale: Locale;

  constructor(page: Page, locale: Locale = 'en') {
    this.page = page;
    this.locale = locale;
  }

  static async open(page: Page, locale: Locale = 'en'): Promise<QuestionnairesPage> {
    await page.goto(QUESTIONNAIRES_PATH);
    const screen = new QuestionnairesPage(page, locale);
    await screen.waitForList();
    return screen;
  }

  label(key: string, params?: Record<string, string>): string {
    return text(this.locale, `questionnaires.${key}`, params);
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  // --- The list -------------------------------------------------------------------------

  get listHeading(): Locator {
    return this.main.getByRole('heading', { level: 1, name: exactly(text(this.locale, 'pages.questionnaires.title')) });
  }

  get searchField(): Locator {
    return this.main.getByRole('searchbox', { name: exactly(this.label('list.search')) });
  }

  get createButton(): Locator {
    return this.main.getByRole('button', { name: exactly(this.label('list.create')) });
  }

  get table(): Locator {
    return this.main.getByRole('table', { name: exactly(this.label('list.tableLabel')) });
  }

  /** The table row of a questionnaire (its name is the row header). */
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: exactly(name) }) });
  }

  async waitForList(): Promise<void> {
    await waitForPath(this.page, QUESTIONNAIRES_PATH);
    await this.listHeading.waitFor();
    await this.searchField.waitFor();
  }

  async search(term: string): Promise<void> {
    await this.searchField.fill(term);
    await this.page.waitForURL((url) => url.searchParams.get('search') === term);
  }

  async questionsCount(name: string): Promise<string> {
    return (await this.row(name).getByTestId('questions-count').innerText()).trim();
  }

  /** Opens the create dialog, fills it and lands in the new questionnaire's editor. */
  async create(name: string, description: string): Promise<void> {
    await this.createButton.click();
    const dialog = this.page.getByRole('dialog', { name: exactly(this.label('details.createTitle')) });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: new RegExp(`^${this.label('details.name')}`) }).fill(name);
    await dialog.getByRole('textbox', { name: exactly(this.label('details.description')) }).fill(description);
    await dialog.getByRole('button', { name: exactly(this.label('details.create')) }).click();
    await dialog.waitFor({ state: 'hidden' });
    await this.waitForEditor(name);
  }

  /** Asks to delete a questionnaire from its row and confirms. */
  async deleteFromList(name: string): Promise<void> {
    await this.row(name)
      .getByRole('button', { name: exactly(this.label('list.delete', { name })) })
      .click();
    const dialog = this.page.getByRole('dialog', { name: exactly(this.label('deleteQuestionnaire.title')) });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: exactly(this.label('deleteQuestionnaire.confirm')) }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  get errorBanner(): Locator {
    return this.page.getByTestId('error-banner');
  }

  get successBanner(): Locator {
    return this.page.getByTestId('success-banner');
  }

  // --- The editor -----------------------------------------------------------------------

  editorHeading(name: string): Locator {
    return this.main.getByRole('heading', { level: 1, name: exactly(name) });
  }

  async waitForEditor(name: string): Promise<void> {
    await this.page.waitForURL((url) => url.searchParams.has('questionnaire'));
    await this.editorHeading(name).waitFor();
    await this.addQuestionButton.waitFor();
  }

  get backLink(): Locator {
    return this.main.getByRole('link', { name: exactly(this.label('editor.back')) });
  }

  get addQuestionButton(): Locator {
    return this.main.getByRole('button', { name: exactly(this.label('editor.addQuestion')) });
  }

  get questionList(): Locator {
    return this.main.getByRole('list', { name: exactly(this.label('editor.listLabel')) });
  }

  /** The item of the question at this 1-based position. */
  question(number: number): Locator {
    return this.questionList.locator(':scope > li').nth(number - 1);
  }

  /** The rendered texts of the questions, in order. */
  async questionTexts(): Promise<string[]> {
    const texts = await this.questionList.getByTestId('question-text').allInnerTexts();
    return texts.map((value) => value.trim());
  }

  /** The answer chip of a question, e.g. "Yes, alert" (its style is in data-tone). */
  answerChip(number: number, answer: RuleAnswer): Locator {
    return this.question(number)
      .getByRole('list', { name: exactly(this.label('editor.answersLabel', { number: String(number) })) })
      .locator(`li[data-answer="${answer}"]`);
  }

  followUpLine(number: number): Locator {
    return this.question(number).getByTestId('question-follow-up');
  }

  moveButton(number: number, direction: 'up' | 'down'): Locator {
    const key = direction === 'up' ? 'editor.moveUp' : 'editor.moveDown';
    return this.main.getByRole('button', { name: exactly(this.label(key, { number: String(number) })) });
  }

  // --- The question dialog --------------------------------------------------------------

  get questionDialog(): Locator {
    return this.page.getByRole('dialog', { name: exactly(this.label('question.addTitle')) });
  }

  get textField(): Locator {
    return this.questionDialog.getByRole('textbox', { name: new RegExp(`^${this.label('question.text')}`) });
  }

  get preview(): Locator {
    return this.questionDialog.getByTestId('question-preview');
  }

  select(key: 'type' | 'alertAnswer' | 'warningAnswer' | 'followUp' | 'followUpAnswer'): Locator {
    return this.questionDialog.getByRole('combobox', { name: exactly(this.label(`question.${key}`)) });
  }

  async openAddQuestion(): Promise<void> {
    await this.addQuestionButton.click();
    await this.questionDialog.waitFor();
    await this.textField.waitFor();
  }

  /** Fills the open question dialog (without saving). */
  async fillQuestion(question: NewQuestion): Promise<void> {
    await this.textField.fill(question.text);
    await this.select('type').selectOption(question.type);
    if (question.alert) await this.select('alertAnswer').selectOption(question.alert);
    if (question.warning) await this.select('warningAnswer').selectOption(question.warning);
    if (question.followUp) {
      const { number, text: earlier, answer } = question.followUp;
      const option = this.label('question.followUpOption', { number: String(number), question: earlier });
      await this.select('followUp').selectOption({ label: option });
      await this.select('followUpAnswer').selectOption(answer);
    }
  }

  /** Saves the open question dialog and waits until the new question is listed. */
  async saveNewQuestion(expectedCount: number): Promise<void> {
    await this.questionDialog.getByRole('button', { name: exactly(this.label('question.add')) }).click();
    await this.questionDialog.waitFor({ state: 'hidden' });
    await this.question(expectedCount).waitFor();
  }

  async addQuestion(question: NewQuestion, expectedCount: number): Promise<void> {
    await this.openAddQuestion();
    await this.fillQuestion(question);
    await this.saveNewQuestion(expectedCount);
  }
}
