import type { myProfile as english } from '../en/profile.ts';
import type { Catalogue } from '../index.ts';

// The signed-in user's profile page (/profile): their details and preferences, and their password.
export const myProfile = {
  PROFILE_SAVED_SUCCESSFULLY: 'Su perfil se ha guardado.',
  PASSWORD_CHANGED: 'Su contraseña se ha cambiado. Sus demás sesiones se han cerrado.',
  loadFailed: 'No se ha podido cargar su perfil.',
  retry: 'Reintentar',
  details: {
    title: 'Datos personales',
    username: 'Nombre de usuario',
    email: 'Correo electrónico',
    noEmail: 'Sin correo electrónico',
    verified: 'Correo electrónico verificado',
    notVerified: 'Correo electrónico aún sin verificar',
    firstName: 'Nombre',
    lastName: 'Apellidos',
    phone: 'Teléfono',
  },
  preferences: {
    title: 'Preferencias',
    language: 'Idioma',
    dateFormat: 'Formato de fecha',
    timeFormat: 'Formato de hora',
    dateFormatHelp: 'Cada opción muestra la fecha de hoy escrita así.',
    timeFormatHelp: 'Cada opción muestra la hora actual escrita así.',
    formatOption: '{{example}} ({{pattern}})',
    favouriteBuilding: 'Edificio favorito',
    noFavouriteBuilding: 'Ningún edificio favorito',
    hostNotice: 'Cuando llega mi visitante',
    hostNoticeHelp: 'Cuando es el anfitrión de un visitante que registra su entrada.',
    hostNotices: {
      EMAIL: 'Avisarme por correo',
      SLACK: 'Avisarme en Slack',
      TEAMS: 'Avisarme en Microsoft Teams',
      SMS: 'Enviarme un SMS',
      NONE: 'No avisarme',
    },
  },
  password: {
    title: 'Cambiar la contraseña',
    intro: 'Sus demás sesiones se cierran cuando cambia la contraseña; esta sigue abierta.',
    oldPassword: 'Contraseña actual',
    newPassword: 'Nueva contraseña',
    confirmPassword: 'Confirme la nueva contraseña',
    showPassword: 'Mostrar la contraseña',
    submit: 'Cambiar la contraseña',
  },
} satisfies Catalogue<typeof english>;
