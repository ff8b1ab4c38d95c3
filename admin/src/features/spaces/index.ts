// The spaces feature's entry for other features: how a space is drawn on a plan (the printed plan and the booking map use it).
export { BLANK_PLAN, PlanLegend, PlanPatterns, ShapeElement, SpaceFigure, useKindLetters } from './planDrawing.tsx';
