export const publicPages = {
  title: 'Registro de visitantes',
  comingSoonTitle: 'Esta página está en preparación',
  comingSoonText:
    'El registro de entrada y salida desde este enlace estará disponible pronto. Por favor, diríjase a recepción.',
  language: 'Idioma',
  notFoundTitle: 'Página no encontrada',
  notFoundText: 'Este enlace no lleva a ninguna página. Por favor, revíselo o diríjase a recepción.',
};
