import type { reports as en } from '../en/reports.ts';
import type { Catalogue } from '../index.ts';

export const reports = {
  filters: { building: 'Edificio', buildings: 'Edificios' },
  period: {
    label: 'Periodo',
    from: 'Desde',
    to: 'Hasta (incluido)',
    presets: {
      thisWeek: 'Esta semana',
      lastWeek: 'La semana pasada',
      thisMonth: 'Este mes',
      lastMonth: 'El mes pasado',
      last30Days: 'Últimos 30 días',
      thisQuarter: 'Este trimestre',
      custom: 'Días elegidos',
    },
    tooLong: 'Un informe abarca {{days}} días como máximo: elija un periodo más corto.',
    order: 'El último día es anterior al primero: elija de nuevo los días.',
  },
  csv: 'Descargar CSV',
  print: 'Imprimir',
} satisfies Catalogue<typeof en>;
