import { NOTIFICATION_TIMEOUT_MS } from '@vestibule/shared';
import { create } from 'zustand';
import type { MessageKey } from '../locale/index.ts';

/** A message of the catalogue with its placeholders; `fallback` is shown when the key is unknown. */
export interface NoticeMessage {
  key: MessageKey;
  params?: Record<string, string | number>;
  fallback?: string;
}

export interface ErrorNotice {
  messages: NoticeMessage[];
}

export interface SuccessNotice {
  message: NoticeMessage;
  /** Milliseconds before it hides; 0 keeps it until closed. */
  timeout: number;
  /** Changes with every notice, so that the same message shown twice restarts its timer. */
  id: number;
}

interface NotificationState {
  error: ErrorNotice | null;
  success: SuccessNotice | null;
  showError: (messages: NoticeMessage | NoticeMessage[]) => void;
  showSuccess: (message: NoticeMessage, timeout?: number) => void;
  clearError: () => void;
  clearSuccess: () => void;
  clearBanners: () => void;
}

let nextId = 1;

/** The error banner (stays until closed) and the success banner (hides after its timeout). */
export const useNotificationStore = create<NotificationState>()((set) => ({
  error: null,
  success: null,
  showError: (messages) => set({ error: { messages: Array.isArray(messages) ? messages : [messages] } }),
  showSuccess: (message, timeout = NOTIFICATION_TIMEOUT_MS) => set({ success: { message, timeout, id: nextId++ } }),
  clearError: () => set({ error: null }),
  clearSuccess: () => set({ success: null }),
  clearBanners: () => set({ error: null, success: null }),
}));

export const notifications = {
  showError: (messages: NoticeMessage | NoticeMessage[]) => useNotificationStore.getState().showError(messages),
  showSuccess: (message: NoticeMessage, timeout?: number) =>
    useNotificationStore.getState().showSuccess(message, timeout),
  clearBanners: () => useNotificationStore.getState().clearBanners(),
};
