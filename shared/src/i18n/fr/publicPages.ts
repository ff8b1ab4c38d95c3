export const publicPages = {
  title: 'Enregistrement des visiteurs',
  comingSoonTitle: 'Cette page est en préparation',
  comingSoonText:
    'L’enregistrement d’arrivée et de départ par ce lien sera bientôt disponible. Veuillez vous adresser à l’accueil.',
  language: 'Langue',
  accessibility: {
    open: 'Accessibilité',
    title: 'Accessibilité',
    intro: 'Choisissez ce qui vous aide. La borne reprend son aspect habituel pour la personne suivante.',
    largeText: 'Grands caractères',
    largeTextHint: 'Tout une fois et demie plus grand.',
    highContrast: 'Contraste élevé',
    highContrastHint: 'Noir sur blanc, avec des contours marqués.',
    reducedMotion: 'Réduire les animations',
    reducedMotionHint: 'Aucune animation ni élément en mouvement.',
    lowReach: 'Commandes à portée de main',
    lowReachHint: 'Les boutons descendent dans la moitié basse de l’écran.',
    close: 'Fermer',
  },
  attract: {
    tap: 'Touchez l’écran pour vous enregistrer',
    region: 'Bienvenue',
  },
  notFoundTitle: 'Page introuvable',
  notFoundText: 'Ce lien ne mène à aucune page. Veuillez le vérifier ou vous adresser à l’accueil.',
};
