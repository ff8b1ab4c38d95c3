import { SimpleGrid, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import type { AuditLogEntry } from './auditApi.ts';
import classes from './AuditChanges.module.css';

type Values = Record<string, unknown>;

function isValues(value: unknown): value is Values {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The fields of one side of a change as "field: value" lines; nested fields get dotted names. */
function lines(values: Values | null, prefix = ''): { field: string; value: unknown }[] {
  if (!values) return [];
  return Object.entries(values).flatMap(([key, value]) => {
    const field = prefix ? `${prefix}.${key}` : key;
    if (isValues(value)) return lines(value, field);
    return [{ field, value }];
  });
}

/**
 * What an audit row recorded besides its columns: the action's code, which row, in which company,
 * before and after.
 */
export function AuditChanges({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const shown = (value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
    if (typeof value === 'string') return isoMoment.test(value) ? format.dateTime(value) : value;
    if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(shown).join(', ');
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  const list = (items: { field: string; value: unknown }[]) => (
    <dl className={classes.list}>
      {items.map(({ field, value }) => (
        <Fragment key={field}>
          <dt>{field}</dt>
          <dd>{shown(value)}</dd>
        </Fragment>
      ))}
    </dl>
  );
  const before = lines(entry.before);
  const after = lines(entry.after);
  return (
    <Stack gap="sm">
      {list([
        { field: t('logs.audit.actionCode'), value: entry.action },
        { field: t('logs.audit.entityId'), value: entry.entityId },
        { field: t('logs.audit.tenant'), value: entry.tenantId },
      ])}
      {before.length === 0 && after.length === 0 ? (
        <Text size="sm">{t('logs.audit.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {[
            { title: t('logs.audit.before'), items: before },
            { title: t('logs.audit.after'), items: after },
          ].map(({ title, items }) => (
            <section key={title} aria-label={title}>
              <Text fw={600} size="sm">
                {title}
              </Text>
              {items.length === 0 ? <Text size="sm">—</Text> : list(items)}
            </section>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
