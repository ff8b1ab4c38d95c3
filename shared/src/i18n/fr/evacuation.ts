import type { evacuation as english } from '../en/evacuation.ts';
import type { Catalogue } from '../index.ts';

/** La liste d'évacuation : l'écran d'administration (/evacuation) et l'écran du personnel d'une borne. */
export const evacuation = {
  title: "Liste d'évacuation",
  building: 'Bâtiment',
  noBuilding: "Vous n'avez aucun bâtiment pour lequel afficher une liste d'évacuation.",
  inside_one: '{{count}} personne présente',
  inside_other: '{{count}} personnes présentes',
  listOf: 'Liste au {{time}}',
  live: 'Mise à jour à chaque arrivée et départ.',
  refresh: 'Actualiser',
  print: 'Imprimer',
  empty: "Personne n'est dans ce bâtiment.",
  emptyGroup: 'Aucune',
  loadFailed: "La liste d'évacuation n'a pas pu être chargée.",
  groups: {
    VISITOR: 'Visiteurs',
    CONTRACTOR: 'Prestataires',
    EMPLOYEE: 'Employés',
    RESIDENT: 'Résidents',
  },
  groupCaption: '{{group}} : {{count}}',
  columns: {
    safe: 'En sécurité',
    name: 'Nom',
    company: 'Entreprise',
    host: 'Hôte',
    checkedIn: 'Arrivée',
  },
  unnamed: 'Nom non renseigné',
  noHost: '—',
  rollCall: {
    start: "Commencer l'appel",
    end: "Terminer l'appel",
    clear: 'Effacer toutes les coches',
    markSafe: '{{name}} est en sécurité',
    accounted: '{{accounted}} sur {{total}} retrouvées',
    allAccounted: 'Tout le monde est retrouvé.',
    missing_one: '{{count}} personne pas encore retrouvée.',
    missing_other: '{{count}} personnes pas encore retrouvées.',
    kept: "Les coches sont gardées dans cet onglet du navigateur jusqu'à la fin de l'appel.",
  },
  kiosk: {
    open: "Liste d'évacuation",
    title: "Liste d'évacuation",
    source: 'Selon la liste de cette borne au {{time}} et les arrivées et départs enregistrés sur elle depuis.',
    sourceNever:
      "Selon les arrivées et départs enregistrés sur cette borne (elle n'a pas encore reçu la liste du bâtiment).",
    offline: 'Hors ligne : les personnes arrivées ou parties ailleurs depuis ne sont pas prises en compte.',
    back: "Retour à l'écran du personnel",
  },
} satisfies Catalogue<typeof english>;
