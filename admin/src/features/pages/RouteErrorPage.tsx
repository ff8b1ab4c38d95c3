import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './NotFoundPage.tsx';

/** The router's last resort: a render error somewhere below the root. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Container component="main" py="xl">
        <NotFoundPage />
      </Container>
    );
  }
  return (
    <Container component="main" size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('shell.crash.title')}</Title>
        <Text>{t('shell.crash.text')}</Text>
        <div>
          <Button onClick={() => window.location.reload()}>{t('shell.crash.reload')}</Button>
        </div>
      </Stack>
    </Container>
  );
}
