import type { pages as english } from '../en/pages.ts';
import type { Catalogue } from '../index.ts';

export const pages = {
  checkInOut: {
    title: 'Registre des entrées',
    description:
      'Enregistrez les entrées et les sorties des visiteurs, suivez qui est présent dans vos bâtiments et gérez les réunions.',
  },
  tenants: {
    title: 'Entreprises',
    description:
      'Créez et gérez les entreprises qui utilisent Vestibule, avec leurs licences et leur nombre maximal de bâtiments.',
  },
  users: {
    title: 'Utilisateurs',
    description: 'Gérez les comptes utilisateurs, leurs rôles, leurs bâtiments et leurs mots de passe.',
  },
  people: {
    title: 'Personnes',
    description: 'Tenez à jour l’annuaire des employés, prestataires et résidents, avec leurs badges d’accès.',
  },
  buildings: {
    title: 'Bâtiments',
    description:
      'Configurez les bâtiments, leurs options d’enregistrement, leurs bornes, leurs caméras et leurs QR codes.',
  },
  floors: {
    title: 'Étages',
    description: 'Importez les plans d’étage et dessinez les espaces réservables.',
  },
  floorPrint: {
    title: 'Plan d’étage',
    description: 'Imprimez le plan d’un étage avec ses espaces.',
  },
  questionnaires: {
    title: 'Questionnaires',
    description: 'Rédigez les questions auxquelles les visiteurs répondent à leur arrivée ou à leur départ.',
  },
  tests: {
    title: 'Tests',
    description: 'Lancez des tests de performance du service.',
  },
  logs: {
    title: 'Journaux',
    description: 'Consultez l’historique des modifications effectuées dans Vestibule.',
  },
  spaces: {
    title: 'Espaces',
    description: 'Gérez les salles et les bureaux de chaque étage, avec leurs approbateurs.',
  },
  buildingReports: {
    title: 'Rapport des bâtiments',
    description: 'Suivez l’occupation de vos bâtiments dans le temps.',
  },
  visitReports: {
    title: 'Rapport des entrées',
    description: 'Analysez les entrées et les sorties de vos bâtiments.',
  },
  absenceReports: {
    title: 'Présences et absences',
    description: 'Voyez qui était attendu et n’est pas venu.',
  },
  spaceCalendar: {
    title: 'Calendrier des réservations',
    description: 'Réservez des salles et des bureaux par jour ou par semaine, et invitez des participants.',
  },
  spaceMap: {
    title: 'Plan des réservations',
    description: 'Trouvez une salle ou un bureau libre sur le plan d’étage et réservez-le.',
  },
  spaceApproval: {
    title: 'Approbation de réservation',
    description: 'Approuvez ou refusez une demande de réservation.',
  },
  spaceCheckIn: {
    title: 'Espace',
    description: 'Enregistrez-vous à votre réservation de cet espace.',
  },
  spaceQr: {
    title: "Code QR d'un espace",
    description: "Imprimez le code QR qui ouvre la page d'un espace.",
  },
  spaceExport: {
    title: 'Export de réservation',
    description: 'Téléchargez une réservation en fichier ICS, en PDF ou en événement Google Agenda.',
  },
  booking: {
    title: 'Mes réservations',
    description: 'Réservez les espaces dont vous avez besoin.',
  },
  profile: {
    title: 'Mon profil',
    description:
      'Modifiez votre nom, votre langue, vos formats de date et d’heure, votre bâtiment favori et votre mot de passe.',
  },
  verify: {
    title: 'Vérifier votre compte',
    description: 'Confirmez votre adresse e-mail pour activer votre compte.',
  },
  forgot: {
    title: 'Mot de passe oublié',
    description: 'Recevez un e-mail avec un lien pour choisir un nouveau mot de passe.',
  },
  reset: {
    title: 'Choisir un nouveau mot de passe',
    description: 'Définissez le nouveau mot de passe de votre compte.',
  },
} satisfies Catalogue<typeof english>;
