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
  sizes: {
    LABEL_62X100: '62\u00a0×\u00a0100\u00a0mm label (Brother QL)',
    LABEL_62_CONTINUOUS: '62\u00a0mm continuous roll (Brother QL)',
    LABEL_4X3_IN: '4\u00a0×\u00a03\u00a0in label (Zebra, Dymo)',
    A6: 'A6 paper (105\u00a0×\u00a0148\u00a0mm)',
  },
  kiosk: {
    print: 'Print my badge',
    printing: 'Your badge is printing: take it from the printer.',
    printAgain: 'Print it again',
  },
};
