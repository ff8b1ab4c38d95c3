// L'écran Confidentialité (/admin/privacy) : combien de temps l'entreprise garde ce qu'elle sait de ses visiteurs.
export const privacy = {
  title: 'Confidentialité',
  intro:
    'Combien de temps Vestibule garde ce qu’il sait de vos visiteurs. Une fois une durée écoulée, la tâche horaire efface définitivement ces données ; une visite est anonymisée plutôt que supprimée, pour que les rapports la comptent toujours.',
  periods: 'Durées de conservation',
  daysUnit: 'jours',
  kinds: {
    visits: {
      label: 'Visites',
      help: 'Ensuite la visite est anonymisée : le nom, les coordonnées, l’entreprise, les réponses, la photo et les signatures du visiteur sont effacés. Les rapports la comptent toujours par bâtiment, jour, heure, type et durée. De {{min}} à {{max}} jours.',
    },
    photos: {
      label: 'Photos des visiteurs',
      help: 'Ensuite la photo prise à l’arrivée est supprimée, de la visite et de la copie de la borne. De {{min}} à {{max}} jours.',
    },
    signatures: {
      label: 'Signatures',
      help: 'Ensuite la signature dessinée ou saisie et le nom du signataire sont effacés ; la visite indique toujours quelle version du document a été signée, et quand. Un visiteur qui revient signe à nouveau. De {{min}} à {{max}} jours.',
    },
    health: {
      label: 'Réponses de santé et températures',
      help: 'Ensuite les réponses aux questionnaires et les températures de la visite (à l’entrée et à la sortie) sont effacées. De {{min}} à {{max}} jours.',
    },
  },
  counted:
    'Compté à partir de la visite : son arrivée, sinon l’heure prévue. Les photos comptent depuis leur prise, les signatures depuis leur date.',
  buildings: {
    title: 'Bâtiments avec leurs propres durées',
    intro:
      'Un bâtiment peut garder chaque type de données pendant une durée à lui ; un champ vide garde celle de l’entreprise.',
    caption: 'Bâtiments avec leurs propres durées de conservation',
    building: 'Bâtiment',
    actions: 'Actions',
    empty: 'Tous les bâtiments suivent les durées de l’entreprise.',
    add: 'Donner à un bâtiment ses propres durées',
    addPlaceholder: 'Choisir un bâtiment',
    remove: 'Appliquer les durées de l’entreprise à {{name}}',
    companys: 'Entreprise ({{days}})',
    fieldLabel: '{{kind}} à {{building}} (jours)',
  },
  due: {
    title: 'Au prochain passage',
    intro: 'La tâche passe toutes les heures. Avec les durées ci-dessus, son prochain passage :',
    visits_one: 'anonymiserait {{formatted}} visite',
    visits_other: 'anonymiserait {{formatted}} visites',
    photos_one: 'supprimerait {{formatted}} photo',
    photos_other: 'supprimerait {{formatted}} photos',
    signatures_one: 'effacerait {{formatted}} signature',
    signatures_other: 'effacerait {{formatted}} signatures',
    health_one: 'effacerait les réponses de santé et températures de {{formatted}} visite',
    health_other: 'effacerait les réponses de santé et températures de {{formatted}} visites',
    more: 'plus de {{count}}',
    nothing: 'Avec les durées ci-dessus, le prochain passage n’effacerait rien.',
    counting: 'Décompte…',
    invalid: 'Corrigez les durées ci-dessus pour voir ce que le prochain passage effacerait.',
    unsaved: 'Compté pour les durées affichées, qui ne sont pas encore enregistrées.',
  },
  save: 'Enregistrer les durées',
  reset: 'Annuler les modifications',
  saved: 'Durées de conservation enregistrées.',
  loadFailed: 'Les durées de conservation n’ont pas pu être chargées.',
  retry: 'Réessayer',
};
