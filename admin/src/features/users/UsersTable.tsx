import { ActionIcon, Anchor, Badge, Table, Text } from '@mantine/core';
import type { User } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { IconLogin } from '../../components/ListIcons.tsx';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions.tsx';
import { SortableHeading, sortDirection } from '../../components/SortableHeading.tsx';
import type { UserSortColumn } from './usersApi.ts';
import { displayName } from './userForm.ts';

const sortable = ['username', 'lastName', 'email', 'role'] as const satisfies readonly UserSortColumn[];

/** A user's state in words (never by colour alone): blocked, not yet verified, or active. */
function StatusBadge({ user }: { user: User }) {
  const { t } = useTranslation();
  if (user.blocked) return <Badge color="red.9">{t('users.status.blocked')}</Badge>;
  if (!user.verified) return <Badge color="yellow.9">{t('users.status.unverified')}</Badge>;
  return <Badge color="teal.9">{t('users.status.active')}</Badge>;
}

/** One page of the users list; a name opens the user, the actions edit, sign in as, or delete. */
export function UsersTable(props: {
  users: User[] | null;
  sort: { column: UserSortColumn; order: 1 | -1 };
  onSort: (column: UserSortColumn) => void;
  /** Whether the signed-in user may change this one (null: the row is read only). */
  mayManage: (user: User) => boolean;
  mayImpersonate: (user: User) => boolean;
  onOpen: (user: User) => void;
  onDelete: (user: User) => void;
  onImpersonate: (user: User) => void;
  emptyText: string;
}) {
  const { users, sort, onSort, mayManage, mayImpersonate, onOpen, onDelete, onImpersonate, emptyText } = props;
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover withTableBorder verticalSpacing="sm" data-testid="users-table">
        <Table.Caption>{t('users.list.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {sortable.map((column) => (
              <SortableHeading
                key={column}
                label={t(`users.list.columns.${column}`)}
                direction={sortDirection(sort, column)}
                onSort={() => onSort(column)}
              />
            ))}
            <Table.Th scope="col">{t('users.list.columns.status')}</Table.Th>
            <Table.Th scope="col" w={130}>
              {t('users.list.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users?.map((user) => {
            const name = displayName(user);
            const manageable = mayManage(user);
            return (
              <Table.Tr key={user.id} data-testid={`user-row-${user.username}`}>
                <Table.Td>
                  {manageable ? (
                    <Anchor component="button" type="button" fw={600} onClick={() => onOpen(user)}>
                      {user.username}
                    </Anchor>
                  ) : (
                    <Text fw={600} size="sm">
                      {user.username}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{[user.firstName, user.lastName].filter(Boolean).join(' ')}</Table.Td>
                <Table.Td>{user.email ?? ''}</Table.Td>
                <Table.Td>{t(`common.roles.${user.role}`)}</Table.Td>
                <Table.Td>
                  <StatusBadge user={user} />
                </Table.Td>
                <Table.Td>
                  <RowActions>
                    {manageable && <EditAction label={t('users.list.edit', { name })} onClick={() => onOpen(user)} />}
                    {mayImpersonate(user) && (
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('users.list.signInAs', { name })}
                        onClick={() => onImpersonate(user)}
                      >
                        <IconLogin />
                      </ActionIcon>
                    )}
                    {manageable && (
                      <DeleteAction
                        label={t('users.list.delete', { name })}
                        onClick={() => onDelete(user)}
                        color="red.9"
                      />
                    )}
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {users?.length === 0 && <EmptyRow colSpan={sortable.length + 2} text={emptyText} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
