import type { SpaceShape } from '@vestibule/shared';
import { createStore } from 'zustand/vanilla';

// The map's undo and redo (docs/floors-and-spaces.md, "The screens"): each drawing operation (a
// space drawn, moved, resized, placed) is one step: the space's shape before and after. Undoing
// saves the shape before again; redoing saves the shape after.

export interface ShapeStep {
  spaceId: string;
  before: SpaceShape | null;
  after: SpaceShape | null;
}

interface HistoryState {
  past: ShapeStep[];
  future: ShapeStep[];
  /** A new step: the steps undone before it cannot be redone any more. */
  record: (step: ShapeStep) => void;
  /** The step to undo, taken off the past (put back with `restore` if saving it fails). */
  undo: () => ShapeStep | undefined;
  redo: () => ShapeStep | undefined;
  /** Puts back a step whose undo or redo the server refused. */
  restore: (step: ShapeStep, from: 'past' | 'future') => void;
  /** Forgets the steps of a space deleted. */
  forget: (spaceId: string) => void;
}

/** At most this many steps are kept. */
const HISTORY_MAX = 200;

export function createMapHistory() {
  return createStore<HistoryState>()((set, get) => ({
    past: [],
    future: [],
    record: (step) => set((state) => ({ past: [...state.past, step].slice(-HISTORY_MAX), future: [] })),
    undo: () => {
      const step = get().past.at(-1);
      if (step) set((state) => ({ past: state.past.slice(0, -1), future: [...state.future, step] }));
      return step;
    },
    redo: () => {
      const step = get().future.at(-1);
      if (step) set((state) => ({ future: state.future.slice(0, -1), past: [...state.past, step] }));
      return step;
    },
    restore: (step, from) =>
      set((state) =>
        from === 'past'
          ? { past: [...state.past, step], future: state.future.filter((other) => other !== step) }
          : { future: [...state.future, step], past: state.past.filter((other) => other !== step) },
      ),
    forget: (spaceId) =>
      set((state) => ({
        past: state.past.filter((step) => step.spaceId !== spaceId),
        future: state.future.filter((step) => step.spaceId !== spaceId),
      })),
  }));
}
