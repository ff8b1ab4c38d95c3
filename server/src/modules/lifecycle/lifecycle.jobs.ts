// Kept only for meetings/reopened.int.test.ts, in a folder another change is reshaping: once that
// test imports lifecycle.service.ts, delete this file.
export { autoCheckOutDue, sendOverdueAlerts } from './lifecycle.service.ts';
