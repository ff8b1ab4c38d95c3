import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@vestibule/shared/i18n';
import { wizardInput } from '@vestibule/ui/wizard/testing';
import { initTestI18n } from '../../i18n/testI18n.ts';
import { Wizard } from './Wizard.tsx';

// The wizard's own behaviour is tested in the ui package; here, the kiosk's wrapper: the
// wizard takes its words from the kiosk's `wizard` catalogue, in the page's language.

afterEach(async () => {
  cleanup();
  await initTestI18n('en');
});

describe("the kiosk's wizard", () => {
  it.each(['en', 'fr', 'es'] as const)('speaks the language of the page (%s)', async (locale) => {
    await initTestI18n(locale);
    render(<Wizard input={wizardInput({ visitorType: 'EMPLOYEE' })} onFinish={vi.fn()} choiceStorage={null} />);
    const words = resources[locale].wizard;
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain(words.titles.confirm);
    expect(screen.getByRole('button', { name: words.buttons.finish })).toBeTruthy();
  });
});
