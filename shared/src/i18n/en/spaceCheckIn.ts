// The space's page its QR code opens on a phone, to check in to one's booking.
export const spaceCheckIn = {
  loadFailed: 'This space could not be opened',
  where: '{{floor}}, {{building}}',
  now: 'Now',
  free: 'Free',
  heldBy: '{{title}}, booked by {{host}} until {{until}}',
  someone: 'someone',
  mine: 'Your bookings here today',
  noneToday: 'You have no booking of this space for the rest of today.',
  bookIt: 'Book a space',
  times: '{{from}} to {{to}}',
  pending: 'Waiting for approval',
  checkedIn: 'Checked in at {{at}}',
  checkIn: 'Check in',
  opensAt: 'Check-in opens at {{at}}.',
  releasedAfter: 'If nobody checks in by {{at}}, the space is released for others.',
  qr: {
    label: 'QR code of {{name}}',
    scan: 'Scan to check in to your booking',
    print: 'Print',
  },
};
