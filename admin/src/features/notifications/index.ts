// The notifications feature's public entry: what the rest of the app may use of it (lint refuses
// deep imports from outside the feature).
export { NoticeList, useNoticeText } from './NoticeList.tsx';
export { NotificationBanners } from './NotificationBanners.tsx';
export { messageFromError } from './errorMessage.ts';
export { notifications, useNotificationStore } from './notification.store.ts';
export type { NoticeMessage } from './notification.store.ts';
