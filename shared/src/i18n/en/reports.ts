export const reports = {
  filters: { building: 'Building', buildings: 'Buildings' },
  period: {
    label: 'Period',
    from: 'From',
    to: 'To (included)',
    presets: {
      thisWeek: 'This week',
      lastWeek: 'Last week',
      thisMonth: 'This month',
      lastMonth: 'Last month',
      last30Days: 'Last 30 days',
      thisQuarter: 'This quarter',
      custom: 'Chosen days',
    },
    tooLong: 'A report covers {{days}} days at most: choose a shorter period.',
    order: 'The last day comes before the first: choose the days again.',
  },
  csv: 'Download CSV',
  print: 'Print',
};
