import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { MessageKey } from '../locale/index.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { paths } from '../routing/index.ts';
import {
  checkNewPassword,
  fieldErrorsOf,
  isLinkGone,
  type NewPassword,
  type NewPasswordErrors,
  newPasswordFields,
  newPasswordIds,
} from './newPassword.ts';

interface NewPasswordFormOptions {
  /** Prefix of the fields' ids. */
  idPrefix: string;
  /** false: the form only confirms (an account that has a password verifies its address). */
  asksPassword: boolean;
  /** Sends the form (the fields' values are unused when no password is asked). */
  send: (value: NewPassword) => Promise<unknown>;
  /** Shown as a success banner on the sign-in page, where the form leads once done. */
  done: MessageKey;
  /** The link stopped working meanwhile: the page says so instead of the form. */
  onLinkGone: () => void;
}

/**
 * The state and submission of a one-time link's form: the browser's checks first (the first
 * invalid field gets the focus), then the server's, whose refusals land on their fields; once
 * done, the sign-in page with its success banner.
 */
export function useNewPasswordForm({ idPrefix, asksPassword, send, done, onLinkGone }: NewPasswordFormOptions) {
  const navigate = useNavigate();
  const [value, setValue] = useState<NewPassword>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [sending, setSending] = useState(false);
  const ids = newPasswordIds(idPrefix);

  /** Shows the errors; true (and the first invalid field focused) when there are some. */
  const showErrors = (found: NewPasswordErrors): boolean => {
    setErrors(found);
    const first = newPasswordFields.find((field) => found[field] !== undefined);
    if (first) document.getElementById(ids[first])?.focus();
    return first !== undefined;
  };

  // Editing a field takes its error away; the others stay until the next submission.
  const change = (next: NewPassword) => {
    setErrors((current) => ({
      password: next.password === value.password ? current.password : undefined,
      confirmPassword: next.confirmPassword === value.confirmPassword ? current.confirmPassword : undefined,
    }));
    setValue(next);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (asksPassword && showErrors(checkNewPassword(value))) return;
    setSending(true);
    try {
      await send(value);
    } catch (error) {
      setSending(false);
      if (isLinkGone(error)) onLinkGone();
      else if (!showErrors(fieldErrorsOf(error) ?? {})) notifications.showError(messageFromError(error));
      return;
    }
    // Banners are cleared as the location changes: the success one is shown once there.
    await navigate(paths.login);
    notifications.showSuccess({ key: done });
  };

  return { value, change, errors, ids, sending, submit };
}
