// A corporate (master) user writes a questionnaire: questions with markdown, alert and
// warning answers, a follow-up, a new order; and cannot delete one that a building uses.
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './harness/axe.ts';
import { UI_TIMEOUT_MS, useBrowser } from './harness/browser.ts';
import { demoUsers } from './harness/demo-users.ts';
import { signedIn } from './harness/service.ts';
import { exactly, text } from './harness/i18n.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { QuestionnairesPage } from './pages/QuestionnairesPage.ts';

const session = useBrowser();
const poll = { timeout: UI_TIMEOUT_MS };
const en = (key: string, params?: Record<string, string>) => text('en', key, params);

/** A name no other scenario uses, so that scenarios sharing the server stay apart. */
const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

describe('questionnaires', () => {
  test('master writes a questionnaire with alert, warning and follow-up questions, and reorders it', async () => {
    const { page } = session;
    const shell = await (await LoginPage.open(page)).signInAs(demoUsers.master);
    const menu = await shell.openMenu('admin');
    await menu.getByRole('menuitem', { name: exactly(en('shell.menu.questionnaires')) }).click();
    const screen = new QuestionnairesPage(page);
    await screen.waitForList();
    await screen.table.waitFor();
    await expectNoAxeViolations(page, 'the questionnaire list');

    const name = uniqueName('Arrival check');
    await screen.create(name, 'Asked at the front desk');
    await screen.main.getByText(en('questionnaires.editor.empty')).waitFor();

    // A YESNO question with an alert answer, checked in the live preview first.
    await screen.openAddQuestion();
    await screen.fillQuestion({ text: 'Do you have a **fever** today? <b>not bold</b>', type: 'YESNO', alert: 'YES' });
    await screen.preview.getByText('fever', { exact: true }).and(page.locator('strong')).waitFor();
    expect(await screen.preview.innerText()).toContain('<b>not bold</b>');
    expect(await screen.preview.locator('b').count()).toBe(0);
    expect(await screen.select('alertAnswer').locator('option').allInnerTexts()).toEqual([
      en('questionnaires.question.none'),
      en('questionnaires.answers.YES'),
      en('questionnaires.answers.NO'),
    ]);
    await expectNoAxeViolations(page, 'the question dialog');
    await screen.saveNewQuestion(1);
    await expect.poll(() => screen.answerChip(1, 'YES').getAttribute('data-tone'), poll).toBe('alert');
    expect((await screen.answerChip(1, 'YES').innerText()).toLowerCase()).toContain(
      en('questionnaires.editor.alert').toLowerCase(),
    );
    expect(await screen.answerChip(1, 'NO').getAttribute('data-tone')).toBe('normal');

    // A YESNONA question with a warning answer.
    await screen.addQuestion({ text: 'Have you travelled abroad recently?', type: 'YESNONA', warning: 'NA' }, 2);
    expect(await screen.answerChip(2, 'NA').getAttribute('data-tone')).toBe('warning');
    expect(await screen.answerChip(2, 'YES').getAttribute('data-tone')).toBe('normal');

    // A FREEFORM follow-up on the first question.
    await screen.addQuestion(
      {
        text: 'Please describe your symptoms.',
        type: 'FREEFORM',
        followUp: { number: 1, text: 'Do you have a fever today? <b>not bold</b>', answer: 'YES' },
      },
      3,
    );
    expect((await screen.followUpLine(3).innerText()).trim()).toBe(
      en('questionnaires.editor.followUp', {
        number: '1',
        question: 'Do you have a fever today? <b>not bold</b>',
        answer: en('questionnaires.answers.YES'),
      }),
    );
    await expectNoAxeViolations(page, 'the questionnaire editor');

    const fever = 'Do you have a fever today? <b>not bold</b>';
    const travel = 'Have you travelled abroad recently?';
    const symptoms = 'Please describe your symptoms.';
    expect(await screen.questionTexts()).toEqual([fever, travel, symptoms]);
    expect(await screen.moveButton(1, 'up').isDisabled()).toBe(true);
    expect(await screen.moveButton(3, 'down').isDisabled()).toBe(true);

    await screen.moveButton(2, 'up').click();
    await expect.poll(() => screen.questionTexts(), poll).toEqual([travel, fever, symptoms]);

    // The follow-up cannot move above the question it depends on: the server refuses.
    await screen.moveButton(3, 'up').click();
    await screen
      .question(3)
      .getByRole('alert')
      .filter({ hasText: en('questionnaires.errors.moveRefused') })
      .waitFor();
    expect(await screen.questionTexts()).toEqual([travel, fever, symptoms]);

    await screen.moveButton(1, 'down').click();
    await expect.poll(() => screen.questionTexts(), poll).toEqual([fever, travel, symptoms]);

    // The same editor in the dark theme keeps the contrast.
    await shell.themeSwitch.click();
    await shell.waitForColorScheme('dark');
    // The pointer leaves the editor; a question's tooltip still open or fading is judged where its
    // colours settle (the scan waits for animations to end).
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page, 'the questionnaire editor in the dark theme');
    await shell.themeSwitch.click();
    await shell.waitForColorScheme('light');

    // Back on the list, found by its name, with its three questions.
    await screen.backLink.click();
    await screen.waitForList();
    await screen.search(name);
    await expect.poll(() => screen.table.getByRole('row').count(), poll).toBe(2);
    expect(await screen.questionsCount(name)).toBe('3');
  });

  test('a questionnaire that a building uses cannot be deleted, and can once it is removed', async () => {
    const { page } = session;
    const api = await signedIn(session.baseUrl, demoUsers.master.username);
    const name = uniqueName('Linked questionnaire');
    const created = await api.call('POST /questionnaire', { body: { name, description: null } });
    const buildings = await api.call('GET /building');
    const building = buildings.docs[0];
    if (!building) throw new Error('The demo tenant has no building');
    const params = { id: building.id };
    const lists = await api.call('GET /building/:id/questionnaire', { params });
    const linked = { ...lists, visitorQuestionnaires: [...lists.visitorQuestionnaires, created.id] };
    await api.call('PUT /building/:id/questionnaire', { params, body: linked });

    try {
      await (await LoginPage.open(page)).signInAs(demoUsers.master);
      const screen = await QuestionnairesPage.open(page);
      await screen.search(name);
      await screen.row(name).waitFor();

      await screen.deleteFromList(name);
      await screen.errorBanner.filter({ hasText: en('errors.QUESTIONNAIRE_IN_USE') }).waitFor();
      expect(await screen.row(name).count()).toBe(1);
      await expectNoAxeViolations(page, 'the questionnaire list with the in-use message');

      await api.call('PUT /building/:id/questionnaire', { params, body: lists });
      await screen.deleteFromList(name);
      await screen.successBanner.filter({ hasText: en('common.DELETED_SUCCESSFULLY') }).waitFor();
      await screen.main.getByText(en('questionnaires.list.noMatch', { search: name })).waitFor();
    } finally {
      await api.call('PUT /building/:id/questionnaire', { params, body: lists });
    }
  });
});
