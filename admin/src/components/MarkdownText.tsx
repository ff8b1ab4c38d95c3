import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '@vestibule/ui/markdown';
import classes from './MarkdownText.module.css';

const classNames = { block: classes.block, hidden: classes.hidden };

interface MarkdownTextProps {
  /** The markdown source. */
  children: string;
  className?: string;
  /** Shown instead when the source is blank. */
  empty?: ReactNode;
  'data-testid'?: string;
}

/** A question's markdown in the admin app's styles: the kiosk wizard's renderer (shared). */
export function MarkdownText({ children, className, empty = null, ...rest }: MarkdownTextProps) {
  const { t } = useTranslation();
  if (children.trim() === '') return <>{empty}</>;
  return (
    <Box
      className={className ? `${classes.markdown} ${className}` : classes.markdown}
      data-testid={rest['data-testid']}
    >
      <Markdown newTabLabel={t('questionnaires.markdown.newTab')} classNames={classNames}>
        {children}
      </Markdown>
    </Box>
  );
}
