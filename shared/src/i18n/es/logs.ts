export const logs = {
  mailbox: {
    title: 'Buzón de salida',
    description:
      'Todos los correos que ha escrito el servicio, del más reciente al más antiguo. Sin servidor SMTP, los mensajes esperan aquí.',
    refresh: 'Actualizar',
    loadFailed: 'No se pudo cargar el buzón de salida.',
    empty: 'Todavía no se ha escrito ningún correo.',
    created: 'Escrito',
    to: 'Destinatario',
    subject: 'Asunto',
    status: 'Estado',
    statuses: { PENDING: 'En espera', SENT: 'Enviado', FAILED: 'Fallido' },
    lastError: 'Intentos: {{attempts}}. Último error: {{error}}',
    page: { first: 'Primera página', previous: 'Página anterior', next: 'Página siguiente', last: 'Última página' },
  },
};
