// The frame feature's public entry: the parts of the page frame drawn without a UI library, so the
// sign-in page has them before any screen's code loads (visitors' layout and toolbar, language
// menu, theme switch, skip link, footer), the menu model both toolbars render, and their classes.
// The signed-in shell (features/shell) is Mantine's and uses these.
export { Footer } from './Footer.tsx';
export { LanguageMenu } from './LanguageMenu.tsx';
export { PublicLayout } from './PublicLayout.tsx';
export { SkipLink } from './SkipLink.tsx';
export { ThemeSwitch } from './ThemeSwitch.tsx';
export { isActivePath, toolbarFor } from './menu.ts';
export type { MenuControl, MenuEntry, MenuExternalLink, MenuGroup, MenuLink, ToolbarModel } from './menu.ts';
export { default as frameClasses } from './frame.module.css';
