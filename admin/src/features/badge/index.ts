// A visit's badge page (docs/badges.md, "Printing it again"): its address, for the entry log's links.
export { badgePagePath } from './badgeTexts.ts';
