export const mail = {
  checkInCopy: {
    subject: 'Su visita a {{building}}',
    greeting: 'Hola, {{name}}:',
    checkedIn: 'Registró su entrada en {{building}} el {{time}}.',
    code: 'Su código de visita es {{identifier}} y su PIN es {{pin}}.',
    checkOut: 'Al salir, registre su salida aquí: {{link}}',
    closing: 'Que tenga una buena visita.',
  },
  resetPassword: {
    subject: 'Restablezca su contraseña de Vestibule',
    greeting: 'Hola {{username}}:',
    text: 'Alguien pidió restablecer la contraseña de su cuenta de Vestibule. Para elegir una contraseña nueva, abra este enlace en los próximos {{minutes}} minutos:',
    ignore: 'Si no lo pidió usted, ignore este correo: su contraseña no cambia.',
  },
  verifyEmail: {
    subject: 'Confirme su dirección de correo para Vestibule',
    greeting: 'Hola {{username}}:',
    text: 'Se abrió para usted una cuenta de Vestibule con el nombre de usuario {{username}}. Para confirmar esta dirección y activarla, abra este enlace en las próximas {{hours}} horas:',
    ignore: 'Si no espera esta cuenta, ignore este correo.',
  },
};
