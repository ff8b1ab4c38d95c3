import { ActionIcon, Anchor, Badge, Table, Text } from '@mantine/core';
import type { Tenant } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions.tsx';
import { SortableHeading } from '../../components/SortableHeading.tsx';
import { IconCircleCheck, IconPower } from './TenantIcons.tsx';

/**
 * One page of the companies: name, city, e-mail, buildings allowed and whether it is active.
 * Administrators get the actions; technical users read only.
 */
export function TenantsTable(props: {
  tenants: Tenant[] | null;
  order: 1 | -1;
  onSort: () => void;
  /** The actions, for those who may change companies; absent, the list is read only. */
  actions?: {
    onEdit: (tenant: Tenant) => void;
    onToggleActive: (tenant: Tenant) => void;
    onDelete: (tenant: Tenant) => void;
  };
  emptyText: string;
}) {
  const { tenants, order, onSort, actions, emptyText } = props;
  const { t } = useTranslation();
  const columnCount = actions ? 6 : 5;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover withTableBorder verticalSpacing="sm" data-testid="tenants-table">
        <Table.Caption>{t('tenants.list.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <SortableHeading
              label={t('tenants.list.columns.name')}
              direction={order === 1 ? 'ascending' : 'descending'}
              onSort={onSort}
            />
            <Table.Th scope="col">{t('tenants.list.columns.city')}</Table.Th>
            <Table.Th scope="col">{t('tenants.list.columns.email')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t('tenants.list.columns.licences')}
            </Table.Th>
            <Table.Th scope="col">{t('tenants.list.columns.status')}</Table.Th>
            {actions && (
              <Table.Th scope="col" w={140}>
                {t('tenants.list.columns.actions')}
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tenants?.map((tenant) => (
            <Table.Tr key={tenant.id}>
              <Table.Td>
                {actions ? (
                  <Anchor component="button" type="button" fw={600} onClick={() => actions.onEdit(tenant)}>
                    {tenant.name}
                  </Anchor>
                ) : (
                  <Text fw={600} size="sm">
                    {tenant.name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{tenant.city ?? ''}</Table.Td>
              <Table.Td>{tenant.email ?? ''}</Table.Td>
              <Table.Td ta="end">{tenant.licencesCount}</Table.Td>
              <Table.Td>
                <Badge color={tenant.active ? 'teal.9' : 'gray.7'} variant={tenant.active ? 'filled' : 'outline'}>
                  {tenant.active ? t('tenants.list.active') : t('tenants.list.inactive')}
                </Badge>
              </Table.Td>
              {actions && (
                <Table.Td>
                  <RowActions>
                    <EditAction
                      label={t('tenants.list.edit', { name: tenant.name })}
                      onClick={() => actions.onEdit(tenant)}
                    />
                    <ActionIcon
                      variant="subtle"
                      aria-label={t(tenant.active ? 'tenants.list.deactivate' : 'tenants.list.activate', {
                        name: tenant.name,
                      })}
                      onClick={() => actions.onToggleActive(tenant)}
                    >
                      {tenant.active ? <IconPower /> : <IconCircleCheck />}
                    </ActionIcon>
                    <DeleteAction
                      label={t('tenants.list.delete', { name: tenant.name })}
                      onClick={() => actions.onDelete(tenant)}
                    />
                  </RowActions>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {tenants?.length === 0 && <EmptyRow colSpan={columnCount} text={emptyText} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
