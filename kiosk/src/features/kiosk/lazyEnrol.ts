import { lazy } from 'react';

// The enrolment screens show once in a tablet's life (or after a revocation): they are fetched
// when needed, so the welcome screen a lobby shows all day does not carry them.
const enrol = () => import('../enrol/index.ts');

export const EnrolForm = lazy(() => enrol().then((module) => ({ default: module.EnrolForm })));
export const EnrolScreen = lazy(() => enrol().then((module) => ({ default: module.EnrolScreen })));
