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
  people: {
    pass: {
      subject: 'Su pase de acceso para {{building}}',
      greeting: 'Hola, {{name}}:',
      text: 'Este es su pase de acceso personal para {{building}}. En la entrada, muestre su código QR en el quiosco o abra su enlace de registro:',
      identifier: 'Identificador de su pase: {{identifier}}',
      keep: 'No comparta este correo: cualquiera que tenga este pase puede registrarse en su nombre. Si lo pierde, pida a la recepción que lo revoque.',
    },
    link: {
      subject: 'Su enlace de registro para {{building}}',
      greeting: 'Hola, {{name}}:',
      text: 'Use este enlace personal para registrarse en {{building}} sin volver a rellenar el formulario:',
      keep: 'No comparta este enlace: cualquiera que lo tenga puede registrarse en su nombre.',
    },
  },
};
