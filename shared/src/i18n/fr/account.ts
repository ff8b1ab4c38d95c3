// The public account pages (forgotten password, reset, e-mail verification) and the password
// rules shown as a password is typed. Filled by issue 11's public pages.
export const forgotPassword = {};
export const resetPassword = {};
export const verify = {};
export const passwordRules = {
  title: 'Votre mot de passe doit avoir',
  minLength: 'au moins {{min}} caractères',
  uppercase: 'une majuscule',
  lowercase: 'une minuscule',
  number: 'un chiffre',
  special: "l'un des caractères {{characters}}",
  met: 'fait',
  unmet: 'manquant',
};
