export const mail = {
  checkInCopy: {
    subject: 'Votre visite à {{building}}',
    greeting: 'Bonjour {{name}},',
    checkedIn: 'Vous vous êtes enregistré(e) à {{building}} le {{time}}.',
    code: 'Votre code de visite est {{identifier}} et votre NIP est {{pin}}.',
    checkOut: 'En partant, enregistrez votre départ ici : {{link}}',
    closing: 'Bonne visite.',
  },
};
