import { Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PersonStats as Stats } from '@vestibule/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';

const periods = ['today', 'yesterday', 'week', 'month'] as const;

/** A person's entries today, yesterday, this week and this month (in their building's time zone). */
export function PersonStats({ personId }: { personId: string }) {
  const { t } = useTranslation();
  const [stats, setStats] = useState<Stats | 'failed' | null>(null);

  useEffect(() => {
    let live = true;
    api.call('GET /person/:id/stats', { params: { id: personId } }).then(
      (answer) => live && setStats(answer),
      () => live && setStats('failed'),
    );
    return () => {
      live = false;
    };
  }, [personId]);

  return (
    <Stack gap="xs" component="section" aria-labelledby="person-stats-title" data-testid="person-stats">
      <Title order={3} size="h5" id="person-stats-title">
        {t('people.stats.title')}
      </Title>
      {stats === null && <Loader size="sm" aria-label={t('people.stats.loading')} />}
      {stats === 'failed' && <Text size="sm">{t('people.stats.failed')}</Text>}
      {stats !== null && stats !== 'failed' && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
          {periods.map((period) => (
            <Paper key={period} withBorder p="xs" ta="center">
              <Text component="dt" size="xs">
                {t(`people.stats.${period}`)}
              </Text>
              <Text component="dd" fw={700} size="xl" m={0} data-testid={`stats-${period}`}>
                {stats[period]}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
