// The evacuation feature's public entry (issue 13): the staff screen's evacuation list.
export { EvacuationView } from './EvacuationView.tsx';
