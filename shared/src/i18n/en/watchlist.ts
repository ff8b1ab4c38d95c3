// The Watchlist screen (/admin/watchlist): who is refused at the door, or held until staff approve.
export const watchlist = {
  title: 'Watchlist',
  intro:
    'People your company does not let in freely. A check-in that matches an entry is refused, or waits at the reception until staff let the visitor in; the host hears of a held visitor only then. Reasons are seen here only.',
  add: 'Add to the watchlist',
  addTitle: 'Add to the watchlist',
  editTitle: 'Change the entry',
  caption: 'Watchlist entries',
  empty: 'Nobody is on the watchlist.',
  kinds: { NAME: 'Name', EMAIL: 'E-mail', PHONE: 'Phone', COMPANY: 'Company' },
  kindsHelp: {
    NAME: 'The first and last name: case, accents and the order of the words do not matter.',
    EMAIL: 'The address, whatever its case.',
    PHONE: 'Compared by its last 9 digits: +33 6 12 34 56 78 and 06 12 34 56 78 match.',
    COMPANY: 'Everyone giving this company: case and accents do not matter.',
  },
  actions: { DENY: 'Refuse at the door', HOLD: 'Hold for approval' },
  actionsShort: { DENY: 'Refuse', HOLD: 'Hold' },
  actionsHelp: {
    DENY: 'The visitor is asked to see the reception; the check-in is recorded as refused.',
    HOLD: 'The visitor waits at the reception; staff let them in or refuse them from the entry log, and only then is the host told.',
  },
  fields: {
    kind: 'Match by',
    value: 'Who',
    action: 'At the door',
    reason: 'Reason',
    reasonHelp: 'Seen by administrators and corporate users only. Up to 500 characters.',
  },
  columns: {
    who: 'Who',
    action: 'At the door',
    reason: 'Reason',
    added: 'Added',
    matches: 'Check-ins matched',
    actions: 'Actions',
  },
  addedBy: '{{date}} by {{user}}',
  edit: 'Change the entry for {{value}}',
  remove: 'Remove {{value}} from the watchlist',
  removeTitle: 'Remove from the watchlist',
  removeText:
    'Remove {{value}} from the watchlist? Their next check-in is no longer stopped. Visits already refused or held keep their outcome.',
  removeConfirm: 'Remove',
};
