// La pantalla Lista de vigilancia (/admin/watchlist).
export const watchlist = {
  title: 'Lista de vigilancia',
  intro:
    'Las personas a las que su empresa no deja entrar libremente. Un registro que coincide con una entrada se rechaza, o espera en la recepción hasta que el personal deja entrar al visitante; el anfitrión solo recibe el aviso entonces. Los motivos solo se ven aquí.',
  add: 'Añadir a la lista',
  addTitle: 'Añadir a la lista de vigilancia',
  editTitle: 'Cambiar la entrada',
  caption: 'Entradas de la lista de vigilancia',
  empty: 'No hay nadie en la lista de vigilancia.',
  kinds: { NAME: 'Nombre', EMAIL: 'Correo', PHONE: 'Teléfono', COMPANY: 'Empresa' },
  kindsHelp: {
    NAME: 'El nombre y los apellidos: no importan las mayúsculas, los acentos ni el orden de las palabras.',
    EMAIL: 'La dirección, sin importar las mayúsculas.',
    PHONE: 'Se compara por sus últimos 9 dígitos: +34 612 34 56 78 y 612 34 56 78 coinciden.',
    COMPANY: 'Cualquiera que indique esta empresa: no importan las mayúsculas ni los acentos.',
  },
  actions: { DENY: 'Rechazar en la entrada', HOLD: 'Retener hasta aprobar' },
  actionsShort: { DENY: 'Rechazar', HOLD: 'Retener' },
  actionsHelp: {
    DENY: 'Se pide al visitante que se dirija a la recepción; el registro queda como rechazado.',
    HOLD: 'El visitante espera en la recepción; el personal lo deja entrar o lo rechaza desde el registro de entradas, y solo entonces se avisa al anfitrión.',
  },
  fields: {
    kind: 'Reconocer por',
    value: 'Quién',
    action: 'En la entrada',
    reason: 'Motivo',
    reasonHelp: 'Solo lo ven los administradores y los usuarios corporativos. Hasta 500 caracteres.',
  },
  columns: {
    who: 'Quién',
    action: 'En la entrada',
    reason: 'Motivo',
    added: 'Añadido',
    matches: 'Registros detectados',
    actions: 'Acciones',
  },
  addedBy: '{{date}} por {{user}}',
  edit: 'Cambiar la entrada de {{value}}',
  remove: 'Quitar a {{value}} de la lista de vigilancia',
  removeTitle: 'Quitar de la lista de vigilancia',
  removeText:
    '¿Quitar a {{value}} de la lista de vigilancia? Su próximo registro ya no se detiene. Las visitas ya rechazadas o retenidas conservan su resultado.',
  removeConfirm: 'Quitar',
};
