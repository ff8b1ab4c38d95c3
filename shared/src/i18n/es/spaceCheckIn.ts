// La página que abre el código QR de un espacio en un teléfono, para registrarse en la reserva.
export const spaceCheckIn = {
  loadFailed: 'No se pudo abrir este espacio',
  where: '{{floor}}, {{building}}',
  now: 'Ahora',
  free: 'Libre',
  heldBy: '{{title}}, reservado por {{host}} hasta las {{until}}',
  someone: 'alguien',
  mine: 'Sus reservas aquí hoy',
  noneToday: 'No tiene ninguna reserva de este espacio para el resto del día.',
  bookIt: 'Reservar un espacio',
  times: 'De {{from}} a {{to}}',
  pending: 'Pendiente de aprobación',
  checkedIn: 'Registrado a las {{at}}',
  checkIn: 'Registrarse',
  opensAt: 'El registro se abre a las {{at}}.',
  releasedAfter: 'Si nadie se registra antes de las {{at}}, el espacio se libera para otros.',
  qr: {
    label: 'Código QR de {{name}}',
    scan: 'Escanee para registrarse en su reserva',
    print: 'Imprimir',
  },
};
