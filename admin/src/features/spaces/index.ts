// The spaces feature's entry for other features: how a space is drawn on a plan (the printed plan uses it).
export { BLANK_PLAN, PlanLegend, PlanPatterns, SpaceFigure, useKindLetters } from './planDrawing.tsx';
