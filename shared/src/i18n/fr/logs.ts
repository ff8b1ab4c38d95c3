export const logs = {
  mailbox: {
    title: 'Boîte d’envoi',
    description:
      'Tous les courriels écrits par le service, du plus récent au plus ancien. Sans serveur SMTP, les messages attendent ici.',
    refresh: 'Actualiser',
    loadFailed: 'La boîte d’envoi n’a pas pu être chargée.',
    empty: 'Aucun courriel n’a encore été écrit.',
    created: 'Écrit le',
    to: 'Destinataire',
    subject: 'Objet',
    status: 'État',
    statuses: { PENDING: 'En attente', SENT: 'Envoyé', FAILED: 'Échec' },
    lastError: 'Tentatives : {{attempts}}. Dernière erreur : {{error}}',
    page: { first: 'Première page', previous: 'Page précédente', next: 'Page suivante', last: 'Dernière page' },
  },
};
