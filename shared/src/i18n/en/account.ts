// The public account pages (forgotten password, reset, e-mail verification) and the password
// rules shown as a password is typed. Filled by issue 11's public pages.
export const forgotPassword = {};
export const resetPassword = {};
export const verify = {};
export const passwordRules = {
  title: 'Your password needs',
  minLength: 'at least {{min}} characters',
  uppercase: 'an uppercase letter',
  lowercase: 'a lowercase letter',
  number: 'a number',
  special: 'one of {{characters}}',
  met: 'done',
  unmet: 'missing',
};
