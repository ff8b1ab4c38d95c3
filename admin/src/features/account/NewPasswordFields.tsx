import { useTranslation } from 'react-i18next';
import { PasswordRules } from '../../components/PasswordRules.tsx';
import { errorProps, Field, PasswordInput } from '../../components/PlainForm.tsx';
import type { NewPassword, NewPasswordErrors, newPasswordIds } from './newPassword.ts';

interface NewPasswordFieldsProps {
  ids: ReturnType<typeof newPasswordIds>;
  value: NewPassword;
  errors: NewPasswordErrors;
  onChange: (value: NewPassword) => void;
}

/**
 * A new password, the rules it must meet (a list that follows what is typed, read with the field),
 * and its confirmation; each with its eye button.
 */
export function NewPasswordFields({ ids, value, errors, onChange }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Field id={ids.password} label={t('resetPassword.password')} error={errors.password && t(errors.password)}>
        <PasswordInput
          id={ids.password}
          name="password"
          autoComplete="new-password"
          aria-required
          value={value.password}
          onChange={(event) => onChange({ ...value, password: event.currentTarget.value })}
          toggleLabel={t('resetPassword.showPassword')}
          {...errorProps(ids.password, errors.password !== undefined, ids.rules)}
        />
      </Field>
      <PasswordRules id={ids.rules} password={value.password} />
      <Field
        id={ids.confirmPassword}
        label={t('resetPassword.confirmPassword')}
        error={errors.confirmPassword && t(errors.confirmPassword)}
      >
        <PasswordInput
          id={ids.confirmPassword}
          name="confirmPassword"
          autoComplete="new-password"
          aria-required
          value={value.confirmPassword}
          onChange={(event) => onChange({ ...value, confirmPassword: event.currentTarget.value })}
          toggleLabel={t('resetPassword.showConfirmation')}
          {...errorProps(ids.confirmPassword, errors.confirmPassword !== undefined)}
        />
      </Field>
    </>
  );
}
