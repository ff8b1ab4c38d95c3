// La page qu'ouvre le code QR d'un espace sur un téléphone, pour s'enregistrer à sa réservation.
export const spaceCheckIn = {
  loadFailed: "Impossible d'ouvrir cet espace",
  where: '{{floor}}, {{building}}',
  now: 'En ce moment',
  free: 'Libre',
  heldBy: "{{title}}, réservé par {{host}} jusqu'à {{until}}",
  someone: "quelqu'un",
  mine: "Vos réservations ici aujourd'hui",
  noneToday: "Vous n'avez aucune réservation de cet espace pour le reste de la journée.",
  bookIt: 'Réserver un espace',
  times: 'De {{from}} à {{to}}',
  pending: "En attente d'approbation",
  checkedIn: 'Enregistré à {{at}}',
  checkIn: "S'enregistrer",
  opensAt: "L'enregistrement ouvre à {{at}}.",
  releasedAfter: "Si personne ne s'enregistre avant {{at}}, l'espace est libéré pour les autres.",
  qr: {
    label: 'Code QR de {{name}}',
    scan: 'Scannez pour vous enregistrer à votre réservation',
    print: 'Imprimer',
  },
};
