import type { ComponentPropsWithoutRef, JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { markdownAllowedElements } from '@vestibule/shared';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';

// Question texts are markdown. react-markdown builds React elements from the syntax tree (no
// innerHTML): raw HTML in the source stays visible, inert text, and link URLs pass its
// default filter (no javascript: or data:). The same policy as the admin app's preview.

type Props<T extends keyof JSX.IntrinsicElements> = ComponentPropsWithoutRef<T> & ExtraProps;

/** A heading in a question is a strong paragraph, so the text never changes the page's outline. */
function HeadingAsText({ children }: Props<'h1'>) {
  return (
    <span className="md-block">
      <strong>{children}</strong>
    </span>
  );
}

/** Inside a legend or a label a paragraph must be phrasing content: a block-looking span. */
function ParagraphAsSpan({ children }: Props<'p'>) {
  return <span className="md-block">{children}</span>;
}

/** Links open in a new tab, without access to this page, and say so to screen readers. */
function NewTabLink({ href, children }: Props<'a'>) {
  const { t } = useTranslation('wizard');
  if (!href) return <>{children}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children} <span className="visually-hidden">{t('question.newTab')}</span>
    </a>
  );
}

/** Images are not loaded (nothing to fetch on an offline kiosk, no tracking): their text is shown. */
function ImageAsText({ alt }: Props<'img'>) {
  return alt ? <span>{alt}</span> : null;
}

const headings = { h1: HeadingAsText, h2: HeadingAsText, h3: HeadingAsText, h4: HeadingAsText, h5: HeadingAsText };
const blockComponents: Components = { ...headings, h6: HeadingAsText, a: NewTabLink, img: ImageAsText };
const inlineComponents: Components = { ...blockComponents, p: ParagraphAsSpan };

/** Markdown text; `inline` renders phrasing content only where a legend or a label needs it. */
export function Markdown({ children, inline = false }: { children: string; inline?: boolean }) {
  return (
    <ReactMarkdown
      allowedElements={markdownAllowedElements}
      unwrapDisallowed
      components={inline ? inlineComponents : blockComponents}
    >
      {children}
    </ReactMarkdown>
  );
}
