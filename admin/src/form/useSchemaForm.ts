import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { issueMessage, pathKey, type FieldIssue, type Validator } from './validationMessages.ts';

/** A message of its own for a field's refusal (undefined: the usual one); it may read the form's values. */
type Overrides<V> = Record<string, (issue: FieldIssue, values: V) => string | undefined>;

export interface SchemaForm<V, Out> {
  values: V;
  /** The values the form started from (or was last reset to, after a save). */
  initial: V;
  dirty: boolean;
  valid: boolean;
  setValues: (update: (current: V) => V) => void;
  setField: <K extends keyof V>(key: K, value: V[K]) => void;
  /** The message to show under a field: after it was left once, or after a submit. */
  error: (path: string) => string | undefined;
  touch: (path: string) => void;
  reset: (next: V) => void;
  /**
   * A submit handler: valid data goes to `save`; otherwise every message shows and the first
   * invalid field of the submitted form gets the focus.
   */
  onSubmit: (save: (data: Out) => Promise<void> | void) => (event?: FormEvent<HTMLFormElement>) => void;
}

function sameValues(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let node: unknown = values;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  return node;
}

/**
 * Form state validated by one of the shared zod schemas (the same one the server uses):
 * field messages come from the schema's issues, translated. `toInput` turns the form's
 * values into what the schema reads (a local date into ISO, for example).
 */
export function useSchemaForm<V, Out>(
  schema: Validator<Out>,
  start: V,
  overrides: Overrides<V> = {},
  toInput: (values: V) => unknown = (values) => values,
): SchemaForm<V, Out> {
  const { t } = useTranslation();
  const [state, setState] = useState({ initial: start, values: start });
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);

  const { values, initial } = state;
  // Parsing a tab's values is cheap next to a render: no memo to keep in step.
  const parsed = schema.safeParse(toInput(values));
  const messages = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = pathKey(issue.path);
      if (messages.has(key)) continue;
      messages.set(key, overrides[key]?.(issue, values) ?? issueMessage(issue, valueAt(values, issue.path), t));
    }
  }

  const setValues = (update: (current: V) => V) => {
    setState((current) => ({ ...current, values: update(current.values) }));
  };

  return {
    values,
    initial,
    dirty: !sameValues(values, initial),
    valid: parsed.success,
    setValues,
    setField: (key, value) => setValues((current) => ({ ...current, [key]: value })),
    error: (path) => (submitted || touched.has(path) ? messages.get(path) : undefined),
    touch: (path) => setTouched((current) => (current.has(path) ? current : new Set(current).add(path))),
    reset: (next) => {
      setState({ initial: next, values: next });
      setTouched(new Set());
      setSubmitted(false);
    },
    onSubmit: (save) => (event) => {
      event?.preventDefault();
      setSubmitted(true);
      if (!parsed.success) {
        const form = event?.currentTarget;
        // After React has drawn the messages, the first invalid field takes the focus.
        setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
        return;
      }
      void save(parsed.data);
    },
  };
}
