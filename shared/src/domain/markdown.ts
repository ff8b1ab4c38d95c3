/**
 * The markdown elements a question text may produce, on the kiosk and in the admin preview
 * alike (react-markdown drops the others and keeps their text). One list, so the preview
 * shows what a visitor will see.
 */
export const markdownAllowedElements = [
  'p',
  'br',
  'strong',
  'em',
  'del',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'img',
];
