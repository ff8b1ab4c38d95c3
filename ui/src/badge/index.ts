// The visitor badge (docs/badges.md): one component for the kiosk's own print, the admin app's
// reprint page and its layout preview; its styles come with it (a printed badge looks one way).
export { Badge, type BadgeProps, BadgeStyles, type BadgeTexts } from './Badge.tsx';
export { BadgeSheet, badgePageRule, printBadgeSheet } from './BadgeSheet.tsx';
export { QrCode } from './QrCode.tsx';
