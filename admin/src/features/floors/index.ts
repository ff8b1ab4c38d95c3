// The floors feature's entry for other features: the building picker, the floors' loading and
// the deletion that asks again when bookings are to come (the spaces screen uses them).
export { BuildingPicker, useChosenBuilding } from './BuildingPicker.tsx';
export { floorLabel, useBuildingFloors, useLoaded } from './floorsData.ts';
export { useBookingsDelete } from './useBookingsDelete.ts';
