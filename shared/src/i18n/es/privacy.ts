// La pantalla Privacidad (/admin/privacy): cuánto tiempo guarda la empresa lo que sabe de sus visitantes.
export const privacy = {
  title: 'Privacidad',
  intro:
    'Cuánto tiempo guarda Vestibule lo que sabe de sus visitantes. Al terminar un plazo, la tarea horaria borra esos datos para siempre; una visita se anonimiza en lugar de eliminarse, para que los informes la sigan contando.',
  periods: 'Plazos de conservación',
  daysUnit: 'días',
  kinds: {
    visits: {
      label: 'Visitas',
      help: 'Después la visita se anonimiza: se borran el nombre, los datos de contacto, la empresa, las respuestas, la foto y las firmas del visitante. Los informes la siguen contando por edificio, día, hora, tipo y duración. De {{min}} a {{max}} días.',
    },
    photos: {
      label: 'Fotos de los visitantes',
      help: 'Después se elimina la foto tomada al registrarse, de la visita y de la copia del quiosco. De {{min}} a {{max}} días.',
    },
    signatures: {
      label: 'Firmas',
      help: 'Después se borran la firma dibujada o escrita y el nombre del firmante; la visita sigue indicando qué versión del documento se firmó, y cuándo. Un visitante que vuelve firma de nuevo. De {{min}} a {{max}} días.',
    },
    health: {
      label: 'Respuestas de salud y temperaturas',
      help: 'Después se borran las respuestas a los cuestionarios y las temperaturas de la visita (a la entrada y a la salida). De {{min}} a {{max}} días.',
    },
  },
  counted:
    'Contado desde la visita: su registro de entrada, si no la hora prevista. Las fotos cuentan desde que se tomaron, las firmas desde que se hicieron.',
  buildings: {
    title: 'Edificios con plazos propios',
    intro:
      'Un edificio puede guardar cada tipo de dato durante un plazo propio; un campo vacío mantiene el de la empresa.',
    caption: 'Edificios con plazos de conservación propios',
    building: 'Edificio',
    actions: 'Acciones',
    empty: 'Todos los edificios siguen los plazos de la empresa.',
    add: 'Dar a un edificio plazos propios',
    addPlaceholder: 'Elegir un edificio',
    remove: 'Usar los plazos de la empresa en {{name}}',
    companys: 'Empresa ({{days}})',
    fieldLabel: '{{kind}} en {{building}} (días)',
  },
  due: {
    title: 'En la próxima ejecución',
    intro: 'La tarea se ejecuta cada hora. Con los plazos de arriba, su próxima ejecución:',
    visits_one: 'anonimizaría {{formatted}} visita',
    visits_other: 'anonimizaría {{formatted}} visitas',
    photos_one: 'eliminaría {{formatted}} foto',
    photos_other: 'eliminaría {{formatted}} fotos',
    signatures_one: 'borraría {{formatted}} firma',
    signatures_other: 'borraría {{formatted}} firmas',
    health_one: 'borraría las respuestas de salud y temperaturas de {{formatted}} visita',
    health_other: 'borraría las respuestas de salud y temperaturas de {{formatted}} visitas',
    more: 'más de {{count}}',
    nothing: 'Con los plazos de arriba, la próxima ejecución no borraría nada.',
    counting: 'Contando…',
    invalid: 'Corrija los plazos de arriba para ver lo que borraría la próxima ejecución.',
    unsaved: 'Contado para los plazos mostrados, que aún no se han guardado.',
  },
  save: 'Guardar los plazos',
  reset: 'Deshacer los cambios',
  saved: 'Plazos de conservación guardados.',
  loadFailed: 'No se pudieron cargar los plazos de conservación.',
  retry: 'Reintentar',
};
