// The visitor badge's words (docs/badges.md): on the printed badge, and the kiosk's print button.
export const badge = {
  types: { VISITOR: 'Visitor', CONTRACTOR: 'Contractor', EMPLOYEE: 'Employee' },
  host: 'Host',
  company: 'Company',
  validUntil: 'Valid until',
  visitCode: 'Visit code',
  photo: 'Photo of the badge holder',
  logo: 'Logo',
  qrCode: 'QR code of the visit code',
  kiosk: {
    print: 'Print my badge',
    printing: 'Your badge is printing: take it from the printer.',
    printAgain: 'Print it again',
  },
};
