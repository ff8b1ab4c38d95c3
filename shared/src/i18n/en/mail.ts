export const mail = {
  checkInCopy: {
    subject: 'Your visit to {{building}}',
    greeting: 'Hello {{name}},',
    checkedIn: 'You checked in at {{building}} on {{time}}.',
    code: 'Your visit code is {{identifier}} and your PIN is {{pin}}.',
    checkOut: 'When you leave, check out here: {{link}}',
    closing: 'Have a good visit.',
  },
};
