export const mail = {
  checkInCopy: {
    subject: 'Votre visite à {{building}}',
    greeting: 'Bonjour {{name}},',
    checkedIn: 'Vous vous êtes enregistré(e) à {{building}} le {{time}}.',
    code: 'Votre code de visite est {{identifier}} et votre NIP est {{pin}}.',
    checkOut: 'En partant, enregistrez votre départ ici : {{link}}',
    closing: 'Bonne visite.',
  },
  resetPassword: {
    subject: 'Réinitialisez votre mot de passe Vestibule',
    greeting: 'Bonjour {{username}},',
    text: 'Une demande de réinitialisation du mot de passe de votre compte Vestibule a été faite. Pour choisir un nouveau mot de passe, ouvrez ce lien dans les {{minutes}} minutes :',
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce courriel : votre mot de passe reste inchangé.",
  },
  verifyEmail: {
    subject: 'Confirmez votre adresse courriel pour Vestibule',
    greeting: 'Bonjour {{username}},',
    text: "Un compte Vestibule a été ouvert pour vous avec le nom d'utilisateur {{username}}. Pour confirmer cette adresse et l'activer, ouvrez ce lien dans les {{hours}} heures :",
    ignore: "Si vous n'attendez pas ce compte, ignorez ce courriel.",
  },
};
