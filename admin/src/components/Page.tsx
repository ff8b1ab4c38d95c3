import { Container, Stack, Title, type MantineSize } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PageProps {
  /** The page's one h1, also used in the document title. */
  title: string;
  size?: MantineSize;
  children?: ReactNode;
}

/** Every screen starts with this: one h1 and a document title naming the page. */
export function Page({ title, size = 'lg', children }: PageProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · ${t('common.productName')}`);
  return (
    <Container size={size} px={0}>
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}
