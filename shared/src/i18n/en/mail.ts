export const mail = {
  checkInCopy: {
    subject: 'Your visit to {{building}}',
    greeting: 'Hello {{name}},',
    checkedIn: 'You checked in at {{building}} on {{time}}.',
    code: 'Your visit code is {{identifier}} and your PIN is {{pin}}.',
    checkOut: 'When you leave, check out here: {{link}}',
    closing: 'Have a good visit.',
  },
  resetPassword: {
    subject: 'Reset your Vestibule password',
    greeting: 'Hello {{username}},',
    text: 'Someone asked to reset the password of your Vestibule account. To choose a new password, open this link within {{minutes}} minutes:',
    ignore: 'If you did not ask for it, ignore this e-mail: your password stays as it is.',
  },
  verifyEmail: {
    subject: 'Confirm your e-mail address for Vestibule',
    greeting: 'Hello {{username}},',
    text: 'An account was opened for you in Vestibule with the username {{username}}. To confirm this address and activate it, open this link within {{hours}} hours:',
    ignore: 'If you do not expect this account, ignore this e-mail.',
  },
  people: {
    pass: {
      subject: 'Your access pass for {{building}}',
      greeting: 'Hello {{name}},',
      text: 'Here is your personal access pass for {{building}}. At the entrance, scan its QR code at the kiosk, or open your check-in link:',
      identifier: 'Your pass identifier: {{identifier}}',
      keep: 'Keep this e-mail to yourself: anyone with this pass can check in as you. If it is lost, ask your reception to revoke it.',
    },
    link: {
      subject: 'Your check-in link for {{building}}',
      greeting: 'Hello {{name}},',
      text: 'Use this personal link to check in at {{building}} without filling in the form again:',
      keep: 'Keep this link to yourself: anyone with it can check in as you.',
    },
  },
};
