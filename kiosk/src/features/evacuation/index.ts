// The evacuation feature's public entry: the staff screen's evacuation list.
export { EvacuationView } from './EvacuationView.tsx';
