import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type HostOption, searchHosts } from '@vestibule/shared';
import { resources } from '@vestibule/shared/i18n';
import { Wizard as BareWizard, type WizardProps } from './Wizard.tsx';
import type { HostSearch } from './HostField.tsx';
import { formWith, setTestLocale, withTestTexts, wizardInput } from './testing/index.ts';
import type { WizardResult } from './wizard.types.ts';

// The wizard's host field (docs/check-in.md, "The host"): a combobox over the building's hosts,
// fed by the app's search (here a list searched by the shared rule, as a kiosk's cached directory).

const en = resources.en.wizard;
const fr = resources.fr.wizard;
const Wizard = withTestTexts(BareWizard);

const ada: HostOption = {
  personId: '0192a0b0-0000-7000-8000-0000000000a1',
  userId: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  department: 'Engineering',
};
const adam: HostOption = {
  personId: '0192a0b0-0000-7000-8000-0000000000a2',
  userId: null,
  firstName: 'Adam',
  lastName: 'Smith',
  department: null,
};
const hal: HostOption = {
  personId: null,
  userId: '0192a0b0-0000-7000-8000-0000000000b1',
  firstName: 'Hal',
  lastName: 'Adair',
  department: null,
};
const directory = [ada, adam, hal];

beforeAll(() => setTestLocale('en'));
afterEach(() => {
  cleanup();
  setTestLocale('en');
});

/** A form asking the host (required) and the first name, and the hosts searched as a kiosk does. */
function renderHostWizard(overrides: Partial<WizardProps['input']> = {}, search?: HostSearch) {
  const onFinish = vi.fn<(result: WizardResult) => void>();
  const hostSearch = vi.fn<HostSearch>(search ?? ((text) => Promise.resolve(searchHosts(directory, text))));
  render(
    <Wizard
      input={wizardInput({
        checkInForm: formWith({ host: { mandatory: true }, firstName: { mandatory: true } }),
        allowFreeTextHost: false,
        ...overrides,
      })}
      onFinish={onFinish}
      choiceStorage={null}
      hostSearch={hostSearch}
    />,
  );
  return { onFinish, hostSearch, user: userEvent.setup() };
}

const field = () => screen.getByRole('combobox', { name: new RegExp(en.fields.host) });
const listbox = () => screen.getByRole('listbox', { hidden: true });
const optionNames = () =>
  within(listbox())
    .queryAllByRole('option')
    .map((option) => option.textContent);
/** The field's own status line (the search's outcome, for screen readers too). */
function statusOf(input: HTMLElement): string | null {
  const status = document.getElementById(`${input.id}-status`);
  if (!status) throw new Error('the host field has no status line');
  return status.textContent;
}
const hostStatus = () => statusOf(field());

/** The wizard's last result. */
function resultOf(onFinish: ReturnType<typeof vi.fn<(result: WizardResult) => void>>): WizardResult {
  const result = onFinish.mock.lastCall?.[0];
  if (!result) throw new Error('the wizard did not finish');
  return result;
}
const finish = () => screen.getByRole('button', { name: en.buttons.finish }) as HTMLButtonElement;

describe('the host field', () => {
  it('lists the hosts whose first or last name starts with what is typed, with their department', async () => {
    const { user, hostSearch } = renderHostWizard();
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect(field().getAttribute('aria-controls')).toBe(listbox().id);
    await user.type(field(), 'ada');
    // By last name; the department beside the name.
    await waitFor(() => expect(optionNames()).toEqual(['Hal Adair', 'Ada LovelaceEngineering', 'Adam Smith']));
    expect(field().getAttribute('aria-expanded')).toBe('true');
    expect(hostSearch).toHaveBeenLastCalledWith('ada', expect.any(AbortSignal));
    expect(hostStatus()).toBe(en.hostSearch.found.replace('{{count}}', '3'));
  });

  it('chooses with the arrow keys and Enter: the link goes with the name, and Enter does not send the form', async () => {
    const { user, onFinish } = renderHostWizard();
    await user.type(field(), 'lov');
    await waitFor(() => expect(optionNames()).toEqual(['Ada LovelaceEngineering']));
    await user.keyboard('{ArrowDown}');
    const option = within(listbox()).getByRole('option');
    expect(option.getAttribute('aria-selected')).toBe('true');
    expect(field().getAttribute('aria-activedescendant')).toBe(option.id);
    await user.keyboard('{Enter}');
    expect(onFinish).not.toHaveBeenCalled();
    expect((field() as HTMLInputElement).value).toBe('Ada Lovelace');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText(en.hostSearch.chosen.replace('{{name}}', 'Ada Lovelace · Engineering'))).toBeTruthy();

    await user.type(screen.getByLabelText(en.fields.firstName), 'Vera');
    await user.click(finish());
    expect(resultOf(onFinish)).toMatchObject({
      checkInForm: { host: 'Ada Lovelace', firstName: 'Vera' },
      hostPersonId: ada.personId,
      hostUserId: null,
    });
  });

  it('closes the list with Escape without choosing, and chooses a user host by a touch or a click', async () => {
    const { user, onFinish } = renderHostWizard();
    await user.type(field(), 'ha');
    await waitFor(() => expect(optionNames()).toEqual(['Hal Adair']));
    await user.keyboard('{ArrowDown}{Escape}');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect((field() as HTMLInputElement).value).toBe('ha');
    await user.keyboard('{ArrowDown}');
    expect(field().getAttribute('aria-expanded')).toBe('true');
    await user.click(within(listbox()).getByRole('option', { name: 'Hal Adair' }));
    expect(document.activeElement).toBe(field());
    await user.type(screen.getByLabelText(en.fields.firstName), 'Vera');
    await user.click(finish());
    expect(resultOf(onFinish)).toMatchObject({ hostPersonId: null, hostUserId: hal.userId });
  });

  it('refuses a host typed and not chosen where the building asks for its directory, and says why', async () => {
    const { user, onFinish } = renderHostWizard();
    await user.type(field(), 'Elena');
    await waitFor(() => expect(hostStatus()).toBe(en.hostSearch.none));
    await user.type(screen.getByLabelText(en.fields.firstName), 'Vera');
    expect(finish().disabled).toBe(true);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(en.fieldErrors.notChosen)).toBeTruthy();
    // Choosing, then typing again drops the link: the name typed is no choice.
    await user.clear(field());
    await user.type(field(), 'Ada L');
    await waitFor(() => expect(optionNames()).toEqual(['Ada LovelaceEngineering']));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(finish().disabled).toBe(false);
    await user.type(field(), 'x');
    expect(finish().disabled).toBe(true);
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('keeps a host typed freely where the building allows it, with no link', async () => {
    const { user, onFinish } = renderHostWizard({ allowFreeTextHost: true });
    expect(screen.getByText(en.hostSearch.hintFreeText)).toBeTruthy();
    await user.type(field(), 'Elena');
    await waitFor(() => expect(hostStatus()).toBe(en.hostSearch.noneFreeText));
    await user.type(screen.getByLabelText(en.fields.firstName), 'Vera');
    await user.click(finish());
    expect(resultOf(onFinish)).toMatchObject({
      checkInForm: { host: 'Elena' },
      hostPersonId: null,
      hostUserId: null,
    });
  });

  it("lets an invitation's own host stand as it is, and starts linked to a host staff chose before", async () => {
    const { user, onFinish } = renderHostWizard({
      id: '0192a0b0-0000-7000-8000-0000000000c1',
      checkInAnswers: { host: 'Ada Lovelace', firstName: 'Vera' },
    });
    expect((field() as HTMLInputElement).value).toBe('Ada Lovelace');
    await user.click(finish());
    expect(resultOf(onFinish)).toMatchObject({ checkInForm: { host: 'Ada Lovelace' }, hostPersonId: null });
    cleanup();

    const chosen = renderHostWizard({ host: hal, checkInAnswers: { firstName: 'Vera' } });
    expect((field() as HTMLInputElement).value).toBe('Hal Adair');
    await chosen.user.click(finish());
    expect(resultOf(chosen.onFinish)).toMatchObject({ hostUserId: hal.userId });
  });

  it('says when the search is not available, and speaks French', async () => {
    setTestLocale('fr');
    const { user } = renderHostWizard({}, () => Promise.reject(new Error('offline')));
    const french = screen.getByRole('combobox', { name: new RegExp(fr.fields.host) });
    expect(screen.getByText(fr.hostSearch.hint)).toBeTruthy();
    await user.type(french, 'ad');
    await waitFor(() => expect(statusOf(french)).toBe(fr.hostSearch.failed));
  });
});
