import type { ChangeEvent } from 'react';
import type { SchemaForm } from './useSchemaForm.ts';
import type { ServerFieldErrors } from './useServerFieldErrors.ts';

/**
 * The props that tie a text input to a field of a schema form: its value (and longest length, if
 * given), a change that also takes the server's refusal of it away, the touch on leaving it, and
 * its message, the server's first.
 */
export function textFieldProps<F extends string, K extends F, V extends Record<K, string>>(
  form: SchemaForm<V, unknown>,
  server: ServerFieldErrors<F>,
  key: K,
  maxLength?: number,
) {
  return {
    value: form.values[key],
    maxLength,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      form.setField(key, event.currentTarget.value as V[K]);
      server.clear(key);
    },
    onBlur: () => form.touch(key),
    error: server.message(key) ?? form.error(key),
  };
}

/**
 * The same for a password input, which says itself when it is invalid (Mantine's does not, and
 * the focus after a refusal looks for it); `toggleLabel` names its show-password button.
 */
export function passwordFieldProps<F extends string, K extends F, V extends Record<K, string>>(
  form: SchemaForm<V, unknown>,
  server: ServerFieldErrors<F>,
  key: K,
  toggleLabel: string,
) {
  const props = textFieldProps(form, server, key);
  return {
    ...props,
    'aria-invalid': props.error !== undefined,
    visibilityToggleButtonProps: { 'aria-label': toggleLabel, tabIndex: 0 },
  };
}
