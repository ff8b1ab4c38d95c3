export const publicPages = {
  title: 'Registro de visitantes',
  comingSoonTitle: 'Esta página está en preparación',
  comingSoonText:
    'El registro de entrada y salida desde este enlace estará disponible pronto. Por favor, diríjase a recepción.',
  language: 'Idioma',
  accessibility: {
    open: 'Accesibilidad',
    title: 'Accesibilidad',
    intro: 'Elija lo que le ayude. El quiosco vuelve a su aspecto habitual para la siguiente persona.',
    largeText: 'Texto grande',
    largeTextHint: 'Todo una vez y media más grande.',
    highContrast: 'Alto contraste',
    highContrastHint: 'Negro sobre blanco, con contornos marcados.',
    reducedMotion: 'Reducir el movimiento',
    reducedMotionHint: 'Sin animaciones ni elementos en movimiento.',
    lowReach: 'Controles al alcance',
    lowReachHint: 'Los botones bajan a la mitad inferior de la pantalla.',
    close: 'Cerrar',
  },
  attract: {
    tap: 'Toque la pantalla para registrarse',
    region: 'Bienvenida',
  },
  notFoundTitle: 'Página no encontrada',
  notFoundText: 'Este enlace no lleva a ninguna página. Por favor, revíselo o diríjase a recepción.',
};
