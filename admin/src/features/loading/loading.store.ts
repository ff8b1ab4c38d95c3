import { create } from 'zustand';

interface LoadingState {
  /** Calls running now. */
  pending: number;
  track: (delta: 1 | -1) => void;
  /** Loading off at once (forced logout); calls still running end without going below zero. */
  reset: () => void;
}

export const useLoadingStore = create<LoadingState>()((set) => ({
  pending: 0,
  track: (delta) => set((state) => ({ pending: Math.max(0, state.pending + delta) })),
  reset: () => set({ pending: 0 }),
}));
