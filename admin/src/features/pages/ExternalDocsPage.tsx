import { Anchor, Group, Text } from '@mantine/core';
import { HELP_URL } from '@vestibule/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { IconExternalLink } from '../../components/Icons.tsx';
import { Page } from '../../components/Page.tsx';

interface ExternalDocsPageProps {
  variant: 'about' | 'help';
  /** Leave for the documentation at once (/about); otherwise offer a new tab. */
  redirect?: boolean;
}

/** /about, /about-ext and /help: the external documentation. */
export function ExternalDocsPage({ variant, redirect = false }: ExternalDocsPageProps) {
  const { t } = useTranslation();
  useEffect(() => {
    if (redirect) window.location.replace(HELP_URL);
  }, [redirect]);
  const linkText = t(`shell.${variant}.link`);
  return (
    <Page title={t(`shell.${variant}.title`)} size="sm">
      <Text>{t(`shell.${variant}.text`)}</Text>
      {redirect && <Text role="status">{t('shell.about.redirecting')}</Text>}
      <Anchor
        href={HELP_URL}
        target={redirect ? undefined : '_blank'}
        rel="noopener noreferrer"
        aria-label={redirect ? undefined : t('shell.newTab', { label: linkText })}
      >
        <Group gap={6} component="span" display="inline-flex">
          {linkText}
          {!redirect && <IconExternalLink size={16} />}
        </Group>
      </Anchor>
    </Page>
  );
}
