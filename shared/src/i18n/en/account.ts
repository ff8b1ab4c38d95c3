// The public account pages (forgotten password, reset, e-mail verification) and the password
// rules shown as a password is typed.
export const forgotPassword = {
  intro: 'Enter the email address of your account: we will send you a link to choose a new password.',
  email: 'Email',
  submit: 'Send the link',
  RESET_EMAIL_SENT:
    'If an account uses {{email}}, an email with a link to choose a new password is on its way. The link works once, for {{minutes}} minutes.',
  backToLogin: 'Back to log in',
};
export const resetPassword = {
  intro: 'Choose a new password for the account {{username}}.',
  password: 'New password',
  confirmPassword: 'Confirm the new password',
  showPassword: 'Show the new password',
  showConfirmation: 'Show the confirmation',
  submit: 'Change password',
  PASSWORD_CHANGED: 'Your password has been changed. Log in with your new password.',
  newLink: 'Ask for a new link',
  retry: 'Try again',
};
export const verify = {
  greeting: 'Hello {{username}},',
  intro: 'Confirm your email address to activate your account.',
  choosePassword: 'Choose the password you will log in with.',
  submit: 'Verify',
  EMAIL_VERIFIED: 'Your email address is verified. You can now log in.',
  toLogin: 'Go to log in',
};
export const passwordRules = {
  title: 'Your password needs',
  minLength: 'at least {{min}} characters',
  uppercase: 'an uppercase letter',
  lowercase: 'a lowercase letter',
  number: 'a number',
  special: 'one of {{characters}}',
  met: 'done',
  unmet: 'missing',
  notMet: 'The password does not meet every rule.',
};
