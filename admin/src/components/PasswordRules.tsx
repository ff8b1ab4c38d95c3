import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  type PasswordRule,
  passwordPolicyFailures,
} from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import classes from './PasswordRules.module.css';

const shown: Exclude<PasswordRule, 'required'>[] = ['minLength', 'uppercase', 'lowercase', 'number', 'special'];

/**
 * The password policy (the shared rule the server applies) as a list that follows what is typed:
 * each rule says whether the password meets it, in words and by a mark, never by colour alone.
 * Plain elements: the public pages use it without a UI library. Give the password field
 * `aria-describedby={id}` so a screen reader reads the rules with it.
 */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation();
  const failures = new Set(passwordPolicyFailures(password));
  const params = { min: PASSWORD_MIN_LENGTH, characters: PASSWORD_SPECIAL_CHARACTERS };
  return (
    <div id={id} className={classes.rules}>
      <p className={classes.title}>{t('passwordRules.title')}</p>
      <ul className={classes.list}>
        {shown.map((rule) => {
          const met = password.length > 0 && !failures.has(rule);
          return (
            <li key={rule} className={classes.rule} data-met={met || undefined}>
              <span className={classes.mark} aria-hidden="true">
                {met ? '✓' : '•'}
              </span>
              {t(`passwordRules.${rule}`, params)}
              <span className={classes.visuallyHidden}>
                {` (${met ? t('passwordRules.met') : t('passwordRules.unmet')})`}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
