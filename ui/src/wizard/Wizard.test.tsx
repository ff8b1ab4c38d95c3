import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resources } from '@vestibule/shared/i18n';
import { Wizard as BareWizard, type WizardProps } from './Wizard.tsx';
import { formWith, healthQuestionnaire, question, setTestLocale, withTestTexts, wizardInput } from './testing/index.ts';
import type { WizardResult } from './wizard.types.ts';

const en = resources.en.wizard;
const fr = resources.fr.wizard;
const Wizard = withTestTexts(BareWizard);

beforeAll(() => {
  setTestLocale('en');
});
afterEach(() => {
  cleanup();
  setTestLocale('en');
});

function renderWizard(props: Partial<WizardProps> & Pick<WizardProps, 'input'>) {
  const onFinish = vi.fn<(result: WizardResult) => void>();
  const onCancel = vi.fn();
  const view = render(<Wizard onFinish={onFinish} onCancel={onCancel} choiceStorage={null} {...props} />);
  return { onFinish, onCancel, user: userEvent.setup(), ...view };
}

const heading = () => screen.getByRole('heading', { level: 2 });
const button = (name: string) => screen.getByRole('button', { name });
const isDisabled = (name: string) => (button(name) as HTMLButtonElement).disabled;
const lastResult = (onFinish: ReturnType<typeof renderWizard>['onFinish']) => onFinish.mock.lastCall?.[0];

describe('wizard steps for each configuration', () => {
  it('with no form and questionnaires only: one step per questionnaire, Finish on the last', async () => {
    const second = { id: 'q-site', name: 'Site rules', items: [question('shoes', 'Safety shoes on?')] };
    const { user, onFinish } = renderWizard({
      input: wizardInput({ questionnaires: [healthQuestionnaire, second] }),
    });
    expect(heading().textContent).toContain('Step 1 of 2');
    expect(heading().textContent).toContain('Health check');
    expect(screen.queryByLabelText(en.fields.firstName)).toBeNull();
    expect(screen.queryByRole('button', { name: en.buttons.back })).toBeNull();
    expect(isDisabled(en.buttons.next)).toBe(true);

    const fever = screen.getByRole('group', { name: 'Do you have a fever today?' });
    await user.click(within(fever).getByRole('radio', { name: en.answers.NO }));
    const travel = screen.getByRole('group', { name: 'Have you travelled abroad?' });
    await user.click(within(travel).getByRole('radio', { name: en.answers.NO }));
    expect(isDisabled(en.buttons.next)).toBe(false);
    await user.click(button(en.buttons.next));

    expect(heading().textContent).toContain('Step 2 of 2');
    expect(heading().textContent).toContain('Site rules');
    expect(document.activeElement).toBe(heading());
    expect(screen.queryByRole('button', { name: en.buttons.next })).toBeNull();
    expect(isDisabled(en.buttons.finish)).toBe(true);
    await user.click(screen.getByRole('radio', { name: en.answers.YES }));
    await user.click(button(en.buttons.finish));

    expect(onFinish).toHaveBeenCalledTimes(1);
    expect(lastResult(onFinish)).toMatchObject({
      qrCodeKey: 'key-1',
      visitorType: 'VISITOR',
      checkInForm: {},
      scheduledDuration: 'PT1H',
      questionnairesAnswers: [
        { questionnaireId: 'q-health', answers: { fever: 'NO', travel: 'NO' } },
        { questionnaireId: 'q-site', answers: { shoes: 'YES' } },
      ],
      consentAccepted: false,
      tempMeasure1: null,
      tempMeasure2: null,
      comments: null,
      emailMeActive: false,
      emailMeEmail: null,
    });
  });

  it('asking nothing: a single confirmation step', async () => {
    const { user, onFinish } = renderWizard({ input: wizardInput({ visitorType: 'EMPLOYEE' }) });
    expect(heading().textContent).toContain(en.titles.confirm);
    await user.click(button(en.buttons.finish));
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('the form: labels, limits, required and e-mail rules, yes/no fields, Next only when valid', async () => {
    const input = wizardInput({
      checkInForm: formWith({
        firstName: { mandatory: true, size: 64 },
        email: { size: 96 },
        phone: { size: 25 },
        custom1: { type: 'BOOLEAN', custom: true, label: 'Do you need parking?' },
      }),
      questionnaires: [healthQuestionnaire],
    });
    const { user } = renderWizard({ input });
    expect(heading().textContent).toContain(en.titles.form);
    const firstName = screen.getByLabelText(en.fields.firstName) as HTMLInputElement;
    expect(firstName.required).toBe(true);
    expect(firstName.maxLength).toBe(64);
    // The limit is told to screen readers; no count shows under an empty field.
    expect(firstName.getAttribute('aria-describedby')).toContain('counter-hint');
    expect(screen.queryByText('0 / 64')).toBeNull();
    expect(isDisabled(en.buttons.next)).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(en.invalidStep);

    await user.type(firstName, 'Ada');
    expect(screen.queryByText('3 / 64')).toBeNull();
    expect(isDisabled(en.buttons.next)).toBe(false);

    const email = screen.getByLabelText(new RegExp(`^${en.fields.email}`)) as HTMLInputElement;
    await user.type(email, 'ada@');
    await user.tab();
    expect(screen.getByText(en.fieldErrors.email)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(isDisabled(en.buttons.next)).toBe(true);
    await user.type(email, 'example.com');
    expect(screen.queryByText(en.fieldErrors.email)).toBeNull();

    const phone = screen.getByLabelText(new RegExp(`^${en.fields.phone}`)) as HTMLInputElement;
    await user.type(phone, '+1 (555) 0100');
    expect(phone.value).toBe('+15550100');

    const parking = screen.getByLabelText('Do you need parking?') as HTMLSelectElement;
    expect([...parking.options].map((option) => option.text)).toEqual([en.boolean.yes, en.boolean.no]);
    expect(parking.value).toBe('false');
    await user.selectOptions(parking, 'true');

    await user.clear(firstName);
    await user.tab();
    expect(screen.getByText(en.fieldErrors.required)).toBeTruthy();
    await user.type(firstName, '  Ada ');
    await user.click(button(en.buttons.next));
    await user.click(button(en.buttons.back));
    expect((screen.getByLabelText(en.fields.firstName) as HTMLInputElement).value).toBe('  Ada ');
  });

  it('consent: Next and Finish stay disabled until the conditions are accepted', async () => {
    const { user, onFinish } = renderWizard({
      input: wizardInput({ consentClauseActive: true, consentClauseText: 'We keep your name for 30 days.' }),
    });
    expect(heading().textContent).toContain(en.titles.consent);
    expect(screen.getByText('We keep your name for 30 days.')).toBeTruthy();
    expect(isDisabled(en.buttons.finish)).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(en.consentMissing);
    const accept = screen.getByRole('checkbox', { name: en.consent.accept });
    await user.click(accept);
    expect(isDisabled(en.buttons.finish)).toBe(false);
    await user.click(button(en.buttons.finish));
    expect(lastResult(onFinish)!.consentAccepted).toBe(true);
  });

  it('e-mail-me: the address is required and checked when the copy is asked for', async () => {
    const input = wizardInput({
      checkInForm: formWith({ email: { size: 96 } }),
      consentClauseActive: true,
      consentClauseText: 'Conditions.',
      emailMeActive: true,
    });
    const { user, onFinish } = renderWizard({ input });
    await user.type(screen.getByLabelText(new RegExp(`^${en.fields.email}`)), 'ada@example.com');
    await user.click(button(en.buttons.next));
    expect(heading().textContent).toContain(en.titles.consentAndEmailMe);
    await user.click(screen.getByRole('checkbox', { name: en.consent.accept }));
    await user.click(screen.getByRole('checkbox', { name: en.emailMe.toggle }));
    const address = screen.getByLabelText(en.emailMe.address) as HTMLInputElement;
    expect(address.value).toBe('ada@example.com');
    expect(address.maxLength).toBe(255);
    expect(screen.queryByText('15 / 255')).toBeNull();
    await user.clear(address);
    await user.tab();
    expect(screen.getByText(en.emailMe.required)).toBeTruthy();
    expect(isDisabled(en.buttons.finish)).toBe(true);
    await user.type(address, 'copy@example');
    expect(screen.getByText(en.emailMe.invalid)).toBeTruthy();
    await user.type(address, '.org');
    await user.click(button(en.buttons.finish));
    expect(lastResult(onFinish)).toMatchObject({ emailMeActive: true, emailMeEmail: 'copy@example.org' });
  });
});

describe('questions', () => {
  it('shows a follow-up only after its answer, and drops its answer when the earlier answer changes', async () => {
    const { user, onFinish } = renderWizard({ input: wizardInput({ questionnaires: [healthQuestionnaire] }) });
    const followUp = () => screen.queryByLabelText('Which countries did you visit?');
    const fever = screen.getByRole('group', { name: 'Do you have a fever today?' });
    await user.click(within(fever).getByRole('radio', { name: en.answers.NO }));
    expect(followUp()).toBeNull();

    const travel = screen.getByRole('group', { name: 'Have you travelled abroad?' });
    await user.click(within(travel).getByRole('radio', { name: en.answers.YES }));
    expect(followUp()).not.toBeNull();
    expect(isDisabled(en.buttons.finish)).toBe(true);
    await user.type(followUp()!, 'Portugal');
    expect(isDisabled(en.buttons.finish)).toBe(false);

    await user.click(within(travel).getByRole('radio', { name: en.answers.NO }));
    expect(followUp()).toBeNull();
    await user.click(within(travel).getByRole('radio', { name: en.answers.YES }));
    expect((followUp() as HTMLTextAreaElement).value).toBe('');
    await user.click(within(travel).getByRole('radio', { name: en.answers.NA }));
    await user.click(button(en.buttons.finish));
    expect(lastResult(onFinish)!.questionnairesAnswers).toEqual([
      { questionnaireId: 'q-health', answers: { fever: 'NO', travel: 'NA' } },
    ]);
  });

  it('offers NA only for YESNONA questions, translated, with alert and warning notes in words', async () => {
    setTestLocale('fr');
    const { user } = renderWizard({ input: wizardInput({ questionnaires: [healthQuestionnaire] }) });
    const fever = screen.getByRole('group', { name: 'Do you have a fever today?' });
    expect(
      within(fever)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement!.textContent),
    ).toEqual([fr.answers.YES, fr.answers.NO]);
    expect(within(fever).getByText('fever').tagName).toBe('STRONG');
    const travel = screen.getByRole('group', { name: 'Have you travelled abroad?' });
    expect(within(travel).getAllByRole('radio')).toHaveLength(3);
    expect(within(travel).getByRole('radio', { name: fr.answers.NA })).toBeTruthy();

    await user.click(within(fever).getByRole('radio', { name: fr.answers.YES }));
    expect(fever.getAttribute('data-tone')).toBe('alert');
    expect(within(fever).getByText(fr.question.alertNote)).toBeTruthy();
    await user.click(within(travel).getByRole('radio', { name: fr.answers.YES }));
    expect(travel.getAttribute('data-tone')).toBe('warning');
    expect(within(travel).getByText(fr.question.warningNote)).toBeTruthy();
    await user.click(within(fever).getByRole('radio', { name: fr.answers.NO }));
    expect(fever.getAttribute('data-tone')).toBe('normal');
    expect(within(fever).queryByText(fr.question.alertNote)).toBeNull();
  });

  it('shows raw HTML in a question as text, never as markup', () => {
    renderWizard({
      input: wizardInput({
        questionnaires: [{ id: 'q', name: 'Q', items: [question('a', 'Fever? <b>bold</b>')] }],
      }),
    });
    const group = screen.getByRole('group', { name: /Fever\?/ });
    expect(group.textContent).toContain('<b>bold</b>');
    expect(group.querySelector('b')).toBeNull();
  });
});

describe('Finish, Cancel and prefill', () => {
  it('finishes once; a refusal shown by the page enables Finish again', async () => {
    const input = wizardInput({ visitorType: 'EMPLOYEE' });
    const { user, onFinish, rerender } = renderWizard({ input });
    await user.click(button(en.buttons.finish));
    expect(isDisabled(en.buttons.finishing)).toBe(true);
    await user.click(button(en.buttons.finishing));
    await user.keyboard('{Enter}');
    expect(onFinish).toHaveBeenCalledTimes(1);

    rerender(<Wizard input={input} onFinish={onFinish} error="Refused: try again" choiceStorage={null} />);
    expect(screen.getByRole('alert').textContent).toBe('Refused: try again');
    expect(isDisabled(en.buttons.finish)).toBe(false);
    await user.click(button(en.buttons.finish));
    expect(onFinish).toHaveBeenCalledTimes(2);
  });

  it('cancel goes back to the first step and clears every answer', async () => {
    const input = wizardInput({
      checkInForm: formWith({ firstName: { mandatory: true } }),
      questionnaires: [healthQuestionnaire],
    });
    const { user, onCancel } = renderWizard({ input });
    await user.type(screen.getByLabelText(en.fields.firstName), 'Ada');
    await user.click(button(en.buttons.next));
    await user.click(screen.getAllByRole('radio', { name: en.answers.NO })[0]!);
    await user.click(button(en.buttons.cancel));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(heading().textContent).toContain('Step 1 of 2');
    expect((screen.getByLabelText(en.fields.firstName) as HTMLInputElement).value).toBe('');
    await user.type(screen.getByLabelText(en.fields.firstName), 'Bob');
    await user.click(button(en.buttons.next));
    expect(screen.getAllByRole('radio').every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
  });

  it('prefills the form, the answers by question text and the duration of an existing visit', async () => {
    const input = wizardInput({
      id: '01a20173-0000-7000-8000-000000000001',
      scheduledDuration: 'PT2H30M',
      defaultMeetingDuration: 'PT1H',
      checkInForm: formWith({
        firstName: { mandatory: true },
        custom1: { type: 'BOOLEAN', custom: true, label: 'Parking' },
        custom2: { type: 'BOOLEAN', custom: true, label: 'Badge' },
      }),
      checkInAnswers: { firstName: 'Ada', custom1: 'true' },
      questionnaires: [healthQuestionnaire],
      answeredQuestionnaires: [{ items: [{ question: 'Have you travelled abroad?', answer: 'NO' }] }],
    });
    const { user, onFinish } = renderWizard({ input });
    expect((screen.getByLabelText(en.fields.firstName) as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByLabelText('Parking') as HTMLSelectElement).value).toBe('true');
    expect((screen.getByLabelText('Badge') as HTMLSelectElement).value).toBe('false');
    expect((screen.getByLabelText(en.duration.hours) as HTMLSelectElement).value).toBe('2');
    expect((screen.getByLabelText(en.duration.minutes) as HTMLSelectElement).value).toBe('30');
    await user.click(button(en.buttons.next));
    const travel = screen.getByRole('group', { name: 'Have you travelled abroad?' });
    expect((within(travel).getByRole('radio', { name: en.answers.NO }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(screen.getByRole('group', { name: /fever/ })).getByRole('radio', { name: en.answers.NO }));
    await user.click(button(en.buttons.finish));
    expect(lastResult(onFinish)).toMatchObject({
      id: input.id,
      scheduledDuration: 'PT2H30M',
      checkInForm: { firstName: 'Ada', custom1: true, custom2: false },
    });
  });

  it('checking back off a kiosk finishes at once, reusing the earlier answers', () => {
    const input = wizardInput({
      checkingBack: true,
      questionnaires: [healthQuestionnaire],
      checkInForm: formWith({ firstName: { mandatory: true } }),
      checkInAnswers: { firstName: 'Ada' },
    });
    const { onFinish } = renderWizard({ input });
    expect(onFinish).toHaveBeenCalledTimes(1);
    expect(lastResult(onFinish)).toMatchObject({ questionnairesAnswers: [], checkInForm: { firstName: 'Ada' } });
    expect(screen.getByRole('status').textContent).toBe(en.checkingBack);
  });

  it('checking back on a kiosk goes through the steps', () => {
    const { onFinish } = renderWizard({
      input: wizardInput({ checkingBack: true, fromKiosk: true, questionnaires: [healthQuestionnaire] }),
    });
    expect(onFinish).not.toHaveBeenCalled();
    expect(heading().textContent).toContain('Health check');
  });
});

describe('duration', () => {
  const formInput = (visitorType: 'VISITOR' | 'EMPLOYEE') =>
    wizardInput({ visitorType, checkInForm: formWith({ lastName: {} }), defaultMeetingDuration: 'PT1H' });

  it('offers hours 0 to 24 and minutes by 5; a visitor needs more than 0 minutes', async () => {
    const { user, onFinish } = renderWizard({ input: formInput('VISITOR') });
    const hours = screen.getByLabelText(en.duration.hours) as HTMLSelectElement;
    const minutes = screen.getByLabelText(en.duration.minutes) as HTMLSelectElement;
    expect([...hours.options].map((option) => option.value)).toEqual(
      Array.from({ length: 25 }, (_, hour) => String(hour)),
    );
    expect([...minutes.options].map((option) => Number(option.value))).toEqual([
      0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55,
    ]);
    await user.selectOptions(hours, '0');
    expect(screen.getByText(en.duration.required)).toBeTruthy();
    expect(isDisabled(en.buttons.finish)).toBe(true);
    await user.selectOptions(minutes, '45');
    expect(screen.queryByText(en.duration.required)).toBeNull();
    await user.selectOptions(hours, '1');
    await user.click(button(en.buttons.finish));
    expect(lastResult(onFinish)!.scheduledDuration).toBe('PT1H45M');
  });

  it('asks an employee no duration: the result carries none, so their own default applies', async () => {
    const { user, onFinish } = renderWizard({ input: formInput('EMPLOYEE') });
    expect(screen.getByLabelText(new RegExp(`^${en.fields.lastName}`))).toBeTruthy();
    expect(screen.queryByText(en.duration.legend)).toBeNull();
    expect(screen.queryByLabelText(en.duration.hours)).toBeNull();
    await user.type(screen.getByLabelText(new RegExp(`^${en.fields.lastName}`)), 'Lovelace');
    await user.click(button(en.buttons.finish));
    expect(lastResult(onFinish)!.scheduledDuration).toBeNull();
  });
});
