export const publicPages = {
  title: 'Enregistrement des visiteurs',
  comingSoonTitle: 'Cette page est en préparation',
  comingSoonText:
    'L’enregistrement d’arrivée et de départ par ce lien sera bientôt disponible. Veuillez vous adresser à l’accueil.',
  language: 'Langue',
  notFoundTitle: 'Page introuvable',
  notFoundText: 'Ce lien ne mène à aucune page. Veuillez le vérifier ou vous adresser à l’accueil.',
};
