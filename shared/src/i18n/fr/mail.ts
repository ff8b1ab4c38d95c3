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
  people: {
    pass: {
      subject: 'Votre badge d’accès pour {{building}}',
      greeting: 'Bonjour {{name}},',
      text: 'Voici votre badge d’accès personnel pour {{building}}. À l’entrée, présentez son code QR à la borne, ou ouvrez votre lien d’enregistrement :',
      identifier: 'Identifiant de votre badge : {{identifier}}',
      keep: 'Gardez ce courriel pour vous : toute personne qui a ce badge peut s’enregistrer à votre place. En cas de perte, demandez à votre accueil de le révoquer.',
    },
    link: {
      subject: 'Votre lien d’enregistrement pour {{building}}',
      greeting: 'Bonjour {{name}},',
      text: 'Utilisez ce lien personnel pour vous enregistrer à {{building}} sans remplir à nouveau le formulaire :',
      keep: 'Gardez ce lien pour vous : toute personne qui l’a peut s’enregistrer à votre place.',
    },
  },
};
