import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Facts.module.css';

/** Labelled facts of a visit as a description list, two columns wide; an empty value reads "—". */
export function Facts({ facts }: { facts: readonly (readonly [label: string, value: ReactNode])[] }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" className={classes.facts}>
      {facts.map(([label, value]) => (
        <div key={label} className={classes.fact}>
          <Text component="dt" size="sm" fw={700}>
            {label}
          </Text>
          <Text component="dd" size="sm" className={classes.value}>
            {value === null || value === undefined || value === '' ? t('entryLog.detail.none') : value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
