import { Anchor, Box, VisuallyHidden } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { markdownAllowedElements } from '@vestibule/shared';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import classes from './MarkdownText.module.css';

// react-markdown builds React elements from the markdown syntax tree (no innerHTML). Raw
// HTML in the source stays visible, inert text; link and image URLs pass its default URL
// filter (http, https, mailto and relative only: no javascript: or data:). Elements
// outside this list are dropped and their text kept.

type HeadingProps = ComponentPropsWithoutRef<'h1'> & ExtraProps;

/** A heading of the text is a strong paragraph, so the text never changes the page's outline. */
function MarkdownHeading({ children }: HeadingProps) {
  return <p className={classes.heading}>{children}</p>;
}

/** Links open in a new tab, without access to this page, and say so to screen readers. */
function MarkdownLink({ href, children }: ComponentPropsWithoutRef<'a'> & ExtraProps) {
  const { t } = useTranslation();
  if (!href) return <>{children}</>;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow" inherit underline="always">
      {children} <VisuallyHidden>{t('questionnaires.markdown.newTab')}</VisuallyHidden>
    </Anchor>
  );
}

/** Images are not loaded (no tracking, nothing to fetch on an offline kiosk): their text is shown. */
function MarkdownImage({ alt }: ComponentPropsWithoutRef<'img'> & ExtraProps) {
  return alt ? <span>{alt}</span> : null;
}

const components: Components = {
  h1: MarkdownHeading,
  h2: MarkdownHeading,
  h3: MarkdownHeading,
  h4: MarkdownHeading,
  h5: MarkdownHeading,
  h6: MarkdownHeading,
  a: MarkdownLink,
  img: MarkdownImage,
};

interface MarkdownTextProps {
  /** The markdown source. */
  children: string;
  className?: string;
  /** Shown instead when the source is blank. */
  empty?: ReactNode;
  'data-testid'?: string;
}

/** Renders a question's markdown safely; shared with the kiosk's check-in wizard. */
export function MarkdownText({ children, className, empty = null, ...rest }: MarkdownTextProps) {
  if (children.trim() === '') return <>{empty}</>;
  return (
    <Box
      className={className ? `${classes.markdown} ${className}` : classes.markdown}
      data-testid={rest['data-testid']}
    >
      <Markdown allowedElements={markdownAllowedElements} unwrapDisallowed components={components}>
        {children}
      </Markdown>
    </Box>
  );
}
