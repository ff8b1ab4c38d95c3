import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { IconEye, IconEyeOff } from './Icons.tsx';
import classes from './PlainForm.module.css';

// The form pieces of the pages drawn without a UI library (sign-in, forgotten password, reset,
// e-mail verification): plain elements in the Mantine theme's look, so those pages load no Mantine.

export { classes as plainFormClasses };

/**
 * aria-invalid and aria-describedby of a control: its error (shown below it by `Field` when
 * invalid) first, then any hints that always describe it (the password rules).
 */
export function errorProps(
  id: string,
  invalid: boolean,
  ...hints: string[]
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const describedBy = [...(invalid ? [`${id}-error`] : []), ...hints];
  return {
    ...(invalid ? { 'aria-invalid': true } : {}),
    ...(describedBy.length > 0 ? { 'aria-describedby': describedBy.join(' ') } : {}),
  };
}

/** A label with the required mark, the control, and its error below. */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={classes.field} data-invalid={error ? true : undefined}>
      <label htmlFor={id} className={classes.label}>
        {label}
        <span className={classes.required} aria-hidden="true">
          {' *'}
        </span>
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className={classes.error}>
          {error}
        </p>
      )}
    </div>
  );
}

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & { toggleLabel: string };

/** A password field whose eye button shows the password (pressed) or hides it again. */
export function PasswordInput({ toggleLabel, ...inputProps }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={classes.passwordWrapper}>
      <input {...inputProps} type={visible ? 'text' : 'password'} className={classes.input} />
      <button
        type="button"
        className={classes.toggle}
        aria-label={toggleLabel}
        aria-pressed={visible}
        onClick={() => setVisible((value) => !value)}
      >
        {visible ? <IconEyeOff size={18} /> : <IconEye size={18} />}
      </button>
    </div>
  );
}
