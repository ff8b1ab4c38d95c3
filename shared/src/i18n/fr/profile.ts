import type { myProfile as english } from '../en/profile.ts';
import type { Catalogue } from '../index.ts';

// The signed-in user's profile page (/profile): their details and preferences, and their password.
export const myProfile = {
  PROFILE_SAVED_SUCCESSFULLY: 'Votre profil a été enregistré.',
  PASSWORD_CHANGED: 'Votre mot de passe a été modifié. Vos autres sessions ont été fermées.',
  loadFailed: 'Votre profil n’a pas pu être chargé.',
  retry: 'Réessayer',
  details: {
    title: 'Informations personnelles',
    username: 'Nom d’utilisateur',
    email: 'Adresse e-mail',
    noEmail: 'Aucune adresse e-mail',
    verified: 'Adresse e-mail vérifiée',
    notVerified: 'Adresse e-mail pas encore vérifiée',
    firstName: 'Prénom',
    lastName: 'Nom',
    phone: 'Téléphone',
  },
  preferences: {
    title: 'Préférences',
    language: 'Langue',
    dateFormat: 'Format de date',
    timeFormat: 'Format de l’heure',
    dateFormatHelp: 'Chaque choix montre la date du jour écrite ainsi.',
    timeFormatHelp: 'Chaque choix montre l’heure actuelle écrite ainsi.',
    formatOption: '{{example}} ({{pattern}})',
    favouriteBuilding: 'Bâtiment favori',
    noFavouriteBuilding: 'Aucun bâtiment favori',
    hostNotice: 'Quand mon visiteur arrive',
    hostNoticeHelp: 'Quand vous êtes l’hôte d’un visiteur qui s’enregistre.',
    hostNotices: {
      EMAIL: 'Me prévenir par e-mail',
      SLACK: 'Me prévenir dans Slack',
      TEAMS: 'Me prévenir dans Microsoft Teams',
      SMS: 'M’envoyer un SMS',
      NONE: 'Ne pas me prévenir',
    },
  },
  password: {
    title: 'Changer de mot de passe',
    intro: 'Vos autres sessions sont fermées quand le mot de passe change ; celle-ci reste ouverte.',
    oldPassword: 'Mot de passe actuel',
    newPassword: 'Nouveau mot de passe',
    confirmPassword: 'Confirmez le nouveau mot de passe',
    showPassword: 'Afficher le mot de passe',
    submit: 'Changer le mot de passe',
  },
} satisfies Catalogue<typeof english>;
