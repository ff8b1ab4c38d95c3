// The one renderer of question texts (markdown), used by the kiosk's wizard and by the admin
// app's preview, so the preview shows what a visitor will see. react-markdown builds React
// elements from the syntax tree (no innerHTML): raw HTML in the source stays visible, inert
// text; link URLs pass its default filter (http, https, mailto and relative only). Elements
// outside `markdownAllowedElements` are dropped and their text kept. Each app brings its
// styles through class names and its words through `newTabLabel`.
import type { ComponentPropsWithoutRef, JSX } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import { markdownAllowedElements } from '@vestibule/shared';

type Props<T extends keyof JSX.IntrinsicElements> = ComponentPropsWithoutRef<T> & ExtraProps;

export interface MarkdownClassNames {
  /** A block drawn as a span: a heading, or a paragraph inside a legend or a label. */
  block?: string;
  /** Text for screen readers only. */
  hidden?: string;
}

export interface MarkdownProps {
  /** The markdown source. */
  children: string;
  /** Phrasing content only, where a legend or a label needs it. */
  inline?: boolean;
  /** Said after each link's text to screen readers: every link opens in a new tab. */
  newTabLabel: string;
  classNames?: MarkdownClassNames;
}

function componentsFor(inline: boolean, newTabLabel: string, classNames: MarkdownClassNames): Components {
  /** A heading is a strong block, so a question never changes the page's outline. */
  const Heading = ({ children }: Props<'h1'>) => (
    <span className={classNames.block}>
      <strong>{children}</strong>
    </span>
  );
  /** Links open in a new tab, without access to this page, and say so to screen readers. */
  const Link = ({ href, children }: Props<'a'>) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children} <span className={classNames.hidden}>{newTabLabel}</span>
      </a>
    ) : (
      <>{children}</>
    );
  /** Images are not loaded (no tracking, nothing to fetch on an offline kiosk): their text is shown. */
  const Image = ({ alt }: Props<'img'>) => (alt ? <span>{alt}</span> : null);
  const Paragraph = ({ children }: Props<'p'>) => <span className={classNames.block}>{children}</span>;
  return {
    h1: Heading,
    h2: Heading,
    h3: Heading,
    h4: Heading,
    h5: Heading,
    h6: Heading,
    a: Link,
    img: Image,
    ...(inline ? { p: Paragraph } : {}),
  };
}

/** A question text, rendered by the one policy of both apps. */
export function Markdown({ children, inline = false, newTabLabel, classNames = {} }: MarkdownProps) {
  return (
    <ReactMarkdown
      allowedElements={markdownAllowedElements}
      unwrapDisallowed
      components={componentsFor(inline, newTabLabel, classNames)}
    >
      {children}
    </ReactMarkdown>
  );
}
