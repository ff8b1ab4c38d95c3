// The entry log's public entry: its one-visit dialog, which the reports open on a visit's row.
export { VisitDetailDialog } from './detail/VisitDetailDialog.tsx';
