export const mail = {
  checkInCopy: {
    subject: 'Su visita a {{building}}',
    greeting: 'Hola, {{name}}:',
    checkedIn: 'Registró su entrada en {{building}} el {{time}}.',
    code: 'Su código de visita es {{identifier}} y su PIN es {{pin}}.',
    checkOut: 'Al salir, registre su salida aquí: {{link}}',
    closing: 'Que tenga una buena visita.',
  },
};
