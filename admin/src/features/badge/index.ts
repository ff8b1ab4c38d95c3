// A visit's badge (docs/badges.md): its page's address for the entry log's links, and the badge's
// words for the settings' preview.
export { badgePagePath, badgeTextsOf } from './badgeTexts.ts';
