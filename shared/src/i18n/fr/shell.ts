import type { shell as english } from '../en/shell.ts';
import type { Catalogue } from '../index.ts';

export const shell = {
  skipToContent: 'Aller au contenu principal',
  home: 'Page d’accueil de Vestibule',
  newTab: '{{label}} (s’ouvre dans un nouvel onglet)',
  nav: {
    main: 'Menu principal',
    mobile: 'Menu',
    open: 'Ouvrir le menu',
  },
  menu: {
    entryLog: 'Registre des entrées',
    evacuation: 'Évacuation',
    spaces: 'Espaces',
    spaceCalendar: 'Calendrier des réservations',
    spaceMap: 'Plan des réservations',
    myBookings: 'Mes réservations',
    reports: 'Rapports',
    buildingReports: 'Rapport des bâtiments',
    visitReports: 'Rapport des entrées',
    absenceReports: 'Présences et absences',
    profile: 'Mon profil',
    admin: 'Administration',
    tenants: 'Entreprises',
    users: 'Utilisateurs',
    people: 'Personnes',
    buildings: 'Bâtiments',
    cities: 'Villes',
    privacy: 'Confidentialité',
    watchlist: 'Liste de surveillance',
    integrations: 'Intégrations',
    floors: 'Étages',
    questionnaires: 'Questionnaires',
    tests: 'Tests',
    logs: 'Journaux',
    about: 'À propos',
    signUp: 'S’inscrire',
    logIn: 'Se connecter',
    help: 'Aide',
  },
  logout: 'Se déconnecter ({{username}})',
  theme: {
    dark: 'Thème sombre',
  },
  language: {
    label: 'Langue',
    current: 'Langue : {{language}}',
  },
  tenant: {
    current: 'Entreprise : {{name}}. Choisir une autre entreprise',
    none: 'Aucune entreprise sélectionnée',
    noneLabel: 'Aucune entreprise sélectionnée. Choisir une entreprise',
    dialogTitle: 'Choisir une entreprise',
    field: 'Entreprise',
    confirm: 'Choisir',
    empty: 'Aucune entreprise n’est disponible.',
  },
  footer: {
    version: 'Version {{version}}',
  },
  banners: {
    close: 'Fermer le message',
  },
  loading: {
    text: 'Chargement en cours, veuillez patienter.',
  },
  landing: {
    title: 'Bienvenue sur Vestibule',
    text: 'L’accueil des visiteurs et l’accès aux bâtiments pour chaque entreprise : entrées et sorties, réunions, personnes, espaces et rapports.',
    logIn: 'Se connecter',
  },
  notFound: {
    title: 'Page introuvable',
    text: 'La page que vous cherchez n’existe pas ou a été déplacée.',
    home: 'Aller à la page d’accueil',
  },
  accessDenied: {
    title: 'Accès refusé',
    text: 'Vous n’avez pas les droits nécessaires pour cette page, ou vos rôles ne peuvent pas être déterminés.',
    home: 'Aller à la page d’accueil',
  },
  /** A supervisor, user or space user without any assigned building (docs/roles.md, "Which company, which buildings"). */
  noBuildingAssigned:
    "Vous n'avez accès aux données d'aucun bâtiment. Demandez à votre administrateur de vous en attribuer un.",
  impersonation: {
    text: 'Vous travaillez en tant que {{username}}. Tout ce que vous faites est enregistré comme fait par {{administrator}} en son nom.',
    return: 'Revenir à {{administrator}}',
    end: 'Terminer cette session',
  },
  tenantRequired: {
    title: 'Choisir une entreprise',
    textSelector:
      'Cette page affiche les données d’une entreprise. Choisissez l’entreprise avec laquelle vous souhaitez travailler.',
    textNoTenant:
      'Votre compte n’est rattaché à aucune entreprise : cette page ne peut donc pas être affichée. Veuillez contacter votre administrateur.',
    action: 'Choisir une entreprise',
    loading: 'Chargement de votre entreprise…',
  },
  about: {
    title: 'À propos de Vestibule',
    text: 'Vestibule gère les visiteurs, prestataires, employés et résidents qui entrent dans vos bâtiments et en sortent.',
    redirecting: 'Ouverture de la documentation…',
    link: 'Ouvrir la documentation',
  },
  help: {
    title: 'Aide',
    text: 'La documentation de Vestibule décrit chaque écran pas à pas.',
    link: 'Ouvrir l’aide',
  },
  signUp: {
    title: 'S’inscrire',
    text: 'Les comptes Vestibule sont créés par l’administrateur de votre entreprise. Demandez-lui une invitation : vous recevrez un e-mail pour vérifier votre compte et choisir votre mot de passe.',
    logIn: 'J’ai déjà un compte',
  },
  redirect: {
    title: 'Redirection…',
  },
  crash: {
    title: 'Une erreur est survenue',
    text: 'Une erreur inattendue s’est produite. Rechargez la page pour réessayer.',
    reload: 'Recharger la page',
  },
} satisfies Catalogue<typeof english>;
