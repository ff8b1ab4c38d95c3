export { BuildingReportPage } from './BuildingReportPage.tsx';
