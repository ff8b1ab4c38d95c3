// The public account pages (forgotten password, reset, e-mail verification) and the password
// rules shown as a password is typed. Filled by issue 11's public pages.
export const forgotPassword = {};
export const resetPassword = {};
export const verify = {};
export const passwordRules = {
  title: 'Su contraseña necesita',
  minLength: 'al menos {{min}} caracteres',
  uppercase: 'una letra mayúscula',
  lowercase: 'una letra minúscula',
  number: 'un número',
  special: 'uno de {{characters}}',
  met: 'cumplido',
  unmet: 'falta',
};
