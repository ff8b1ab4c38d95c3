/** The kiosk's classes for the shared markdown renderer: the wizard's question texts look the same. */
export const markdownClasses = { block: 'md-block', hidden: 'visually-hidden' };
