import type { reports as en } from '../en/reports.ts';
import type { Catalogue } from '../index.ts';

export const reports = {
  filters: { building: 'Bâtiment', buildings: 'Bâtiments' },
  period: {
    label: 'Période',
    from: 'Du',
    to: 'Au (inclus)',
    presets: {
      thisWeek: 'Cette semaine',
      lastWeek: 'La semaine dernière',
      thisMonth: 'Ce mois-ci',
      lastMonth: 'Le mois dernier',
      last30Days: 'Les 30 derniers jours',
      thisQuarter: 'Ce trimestre',
      custom: 'Jours choisis',
    },
    tooLong: 'Un rapport couvre au plus {{days}} jours : choisissez une période plus courte.',
    order: 'Le dernier jour précède le premier : choisissez à nouveau les jours.',
  },
  csv: 'Télécharger le CSV',
  print: 'Imprimer',
} satisfies Catalogue<typeof en>;
