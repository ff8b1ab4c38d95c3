import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './Facts.module.css';

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';

/** Labelled facts of a visit as a description list, two columns wide; a fact without a value is left out. */
export function Facts({ facts }: { facts: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" className={classes.facts}>
      {facts
        .filter(([, value]) => !isEmpty(value))
        .map(([label, value]) => (
          <div key={label} className={classes.fact}>
            <Text component="dt" size="sm" fw={700}>
              {label}
            </Text>
            <Text component="dd" size="sm" className={classes.value}>
              {value}
            </Text>
          </div>
        ))}
    </SimpleGrid>
  );
}
