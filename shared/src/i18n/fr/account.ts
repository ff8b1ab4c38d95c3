// The public account pages (forgotten password, reset, e-mail verification) and the password
// rules shown as a password is typed.
export const forgotPassword = {
  intro:
    'Saisissez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.',
  email: 'Adresse e-mail',
  submit: 'Envoyer le lien',
  RESET_EMAIL_SENT:
    'Si un compte utilise {{email}}, un e-mail avec un lien pour choisir un nouveau mot de passe est en route. Le lien fonctionne une fois, pendant {{minutes}} minutes.',
  backToLogin: 'Retour à la connexion',
};
export const resetPassword = {
  intro: 'Choisissez un nouveau mot de passe pour le compte {{username}}.',
  password: 'Nouveau mot de passe',
  confirmPassword: 'Confirmez le nouveau mot de passe',
  showPassword: 'Afficher le nouveau mot de passe',
  showConfirmation: 'Afficher la confirmation',
  submit: 'Changer le mot de passe',
  PASSWORD_CHANGED: 'Votre mot de passe a été changé. Connectez-vous avec le nouveau.',
  newLink: 'Demander un nouveau lien',
  retry: 'Réessayer',
};
export const verify = {
  greeting: 'Bonjour {{username}},',
  intro: 'Confirmez votre adresse e-mail pour activer votre compte.',
  choosePassword: 'Choisissez le mot de passe avec lequel vous vous connecterez.',
  submit: 'Vérifier',
  EMAIL_VERIFIED: 'Votre adresse e-mail est vérifiée. Vous pouvez maintenant vous connecter.',
  toLogin: 'Aller à la connexion',
};
export const passwordRules = {
  title: 'Votre mot de passe doit avoir',
  minLength: 'au moins {{min}} caractères',
  uppercase: 'une majuscule',
  lowercase: 'une minuscule',
  number: 'un chiffre',
  special: "l'un des caractères {{characters}}",
  met: 'fait',
  unmet: 'manquant',
  notMet: 'Le mot de passe ne respecte pas toutes les règles.',
};
