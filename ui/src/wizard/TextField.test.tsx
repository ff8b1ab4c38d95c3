import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { resources } from '@vestibule/shared/i18n';
import { TextField as BareTextField, type TextFieldProps, counterShown } from './TextField.tsx';
import { setTestLocale, withTestTexts } from './testing/index.ts';

const TextField = withTestTexts(BareTextField);

function Field(props: Partial<TextFieldProps> & { initial?: string }) {
  const [value, setValue] = useState(props.initial ?? '');
  return <TextField id="company" label="Company" maxLength={10} {...props} value={value} onChange={setValue} />;
}

afterEach(() => {
  cleanup();
  setTestLocale('en');
});

describe('a text field’s character count', () => {
  it('shows from 80 % of the limit on, never under a short value', () => {
    expect(counterShown(0, 128)).toBe(false);
    expect(counterShown(102, 128)).toBe(false);
    expect(counterShown(103, 128)).toBe(true);
    expect(counterShown(128, 128)).toBe(true);
    expect(counterShown(7, 10)).toBe(false);
    expect(counterShown(8, 10)).toBe(true);
    expect(counterShown(0, 1)).toBe(false);
    expect(counterShown(1, 1)).toBe(true);
  });

  it('appears while typing near the limit, and goes when the text is shortened', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const input = screen.getByLabelText(/^Company/);
    await user.type(input, 'Acme Co');
    expect(screen.queryByText('7 / 10')).toBeNull();
    await user.type(input, 'rp');
    expect(screen.getByText('9 / 10')).toBeTruthy();
    await user.type(input, 'oration');
    expect((input as HTMLInputElement).value).toBe('Acme Corpo');
    expect(screen.getByText('10 / 10')).toBeTruthy();
    await user.clear(input);
    expect(screen.queryByText(/\/ 10$/)).toBeNull();
  });

  it('always tells screen readers the limit, in the interface’s language', () => {
    setTestLocale('fr');
    render(<Field />);
    const input = screen.getByLabelText(/^Company/);
    const hint = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(hint).not.toBeNull();
    expect((hint as HTMLElement).textContent).toBe(resources.fr.wizard.counterHint.replace('{{max}}', '10'));
  });

  it('shows no count at all when the field asks for none (a PIN)', async () => {
    const user = userEvent.setup();
    render(<Field showCounter={false} maxLength={4} />);
    await user.type(screen.getByLabelText(/^Company/), '1234');
    expect(screen.queryByText('4 / 4')).toBeNull();
    expect(screen.getByLabelText(/^Company/).getAttribute('aria-describedby')).toBeNull();
  });
});
