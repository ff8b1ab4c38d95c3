// L'écran Liste de surveillance (/admin/watchlist).
export const watchlist = {
  title: 'Liste de surveillance',
  intro:
    'Les personnes que votre entreprise ne laisse pas entrer librement. Un enregistrement qui correspond à une entrée est refusé, ou attend à l’accueil que le personnel fasse entrer le visiteur ; l’hôte n’est prévenu qu’à ce moment-là. Les motifs ne sont visibles qu’ici.',
  add: 'Ajouter à la liste',
  addTitle: 'Ajouter à la liste de surveillance',
  editTitle: 'Modifier l’entrée',
  caption: 'Entrées de la liste de surveillance',
  empty: 'Personne n’est sur la liste de surveillance.',
  kinds: { NAME: 'Nom', EMAIL: 'E-mail', PHONE: 'Téléphone', COMPANY: 'Société' },
  kindsHelp: {
    NAME: 'Le prénom et le nom : la casse, les accents et l’ordre des mots ne comptent pas.',
    EMAIL: 'L’adresse, quelle que soit sa casse.',
    PHONE: 'Comparé par ses 9 derniers chiffres : +33 6 12 34 56 78 et 06 12 34 56 78 correspondent.',
    COMPANY: 'Toute personne indiquant cette société : la casse et les accents ne comptent pas.',
  },
  actions: { DENY: 'Refuser à l’entrée', HOLD: 'Retenir pour approbation' },
  actionsShort: { DENY: 'Refuser', HOLD: 'Retenir' },
  actionsHelp: {
    DENY: 'Le visiteur est invité à s’adresser à l’accueil ; l’enregistrement est consigné comme refusé.',
    HOLD: 'Le visiteur attend à l’accueil ; le personnel le fait entrer ou le refuse depuis le journal des entrées, et l’hôte n’est prévenu qu’alors.',
  },
  fields: {
    kind: 'Reconnaître par',
    value: 'Qui',
    action: 'À l’entrée',
    reason: 'Motif',
    reasonHelp: 'Visible des administrateurs et des utilisateurs de l’entreprise seulement. Jusqu’à 500 caractères.',
  },
  columns: {
    who: 'Qui',
    action: 'À l’entrée',
    reason: 'Motif',
    added: 'Ajouté',
    matches: 'Enregistrements reconnus',
    actions: 'Actions',
  },
  addedBy: '{{date}} par {{user}}',
  edit: 'Modifier l’entrée de {{value}}',
  remove: 'Retirer {{value}} de la liste de surveillance',
  removeTitle: 'Retirer de la liste de surveillance',
  removeText:
    'Retirer {{value}} de la liste de surveillance ? Son prochain enregistrement n’est plus arrêté. Les visites déjà refusées ou retenues gardent leur issue.',
  removeConfirm: 'Retirer',
};
