export const logs = {
  mailbox: {
    title: 'Mailbox',
    description: 'Every e-mail the service has written, newest first. Without an SMTP server, messages wait here.',
    refresh: 'Refresh',
    loadFailed: 'The mailbox could not be loaded.',
    empty: 'No e-mail has been written yet.',
    created: 'Written',
    to: 'To',
    subject: 'Subject',
    status: 'Status',
    statuses: { PENDING: 'Waiting', SENT: 'Sent', FAILED: 'Failed' },
    lastError: 'Attempts: {{attempts}}. Last error: {{error}}',
    page: { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' },
  },
};
