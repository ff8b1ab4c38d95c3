import { Button, Group, Select } from '@mantine/core';
import { type Role, type User, isTech, mayManage, roles, rolesGrantableBy } from '@vestibule/shared';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { IconDownload, IconPlus } from '../../components/ListIcons.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { Page } from '../../components/Page.tsx';
import { useDeleteConfirm } from '../../components/useDeleteConfirm.ts';
import { type PageRequest, usePagedList } from '../../components/usePagedList.ts';
import { saveTextFile } from '../../format/saveTextFile.ts';
import { LoadingWhileMounted } from '../loading/index.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { selectImpersonating, useSession, useSessionStore } from '../session/index.ts';
import { UsersTable } from './UsersTable.tsx';
import { displayName, highestRole } from './userForm.ts';
import { type UserSortColumn, usersCsv } from './usersApi.ts';

// The dialog (the form, the buildings, the password actions) is fetched when first opened.
const UserDialog = lazy(() => import('./UserDialog.tsx').then((module) => ({ default: module.UserDialog })));

interface Filters {
  role: Role | undefined;
  buildingId: string | undefined;
}

const noFilters: Filters = { role: undefined, buildingId: undefined };

/**
 * /admin/users: the company's users, searchable, filtered by role and building, sortable, paged and
 * downloadable as CSV. Who may change whom follows the shared rule (docs/roles.md): the
 * rows the signed-in user may not manage are read only; only administrators may sign in as someone.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const session = useSessionStore();
  const me = useSession((state) => state.user);
  const buildings = useSession((state) => state.buildings);
  const myRole = highestRole(me?.role ?? '');
  const grantable = myRole ? rolesGrantableBy(myRole) : [];
  const actor = { role: myRole ?? 'ROLE_USER', tenantId: me?.tenant?.id ?? null };
  const load = useCallback((request: PageRequest<UserSortColumn, Filters>, signal: AbortSignal) => {
    const { search, ...rest } = request;
    return api.call('GET /user', { query: { ...rest, search: search || undefined }, signal });
  }, []);
  const list = usePagedList<UserSortColumn, Filters, User>({ sort: 'username', filters: noFilters, load });
  const [dialog, setDialog] = useState<{ user: User | null } | null>(null);
  const deleting = useDeleteConfirm(
    (user: User) => api.call('DELETE /user/:id', { params: { id: user.id } }),
    list.afterRemove,
  );

  const manageable = (user: User) =>
    myRole !== null && user.id !== me?.id && mayManage(actor, { role: user.role, tenantId: user.tenant?.id ?? null });
  // Never during an impersonation: it does not chain (docs/roles.md).
  const impersonating = useSession(selectImpersonating);
  const impersonable = (user: User) => myRole === 'ROLE_ADMIN' && !impersonating && user.id !== me?.id && !user.blocked;

  const downloadCsv = async () => {
    const { sort, order, search, role, buildingId } = list.request;
    try {
      const text = await usersCsv({ sort, order, search: search || undefined, role, buildingId });
      saveTextFile(text, 'users.csv', 'text/csv');
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };

  const closeDialog = (changed: boolean) => {
    setDialog(null);
    if (changed) list.reload();
  };

  return (
    <Page title={t('pages.users.title')} size="xl">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm">
          <ListSearch
            id="users-search"
            label={t('users.list.search')}
            description={t('users.list.searchHelp')}
            value={list.search}
            onChange={list.setSearch}
            width={280}
          />
          <Select
            id="users-role"
            label={t('users.list.role')}
            placeholder={t('users.list.anyRole')}
            data={roles.map((role) => ({ value: role, label: t(`common.roles.${role}`) }))}
            value={list.request.role ?? null}
            onChange={(value) => list.setFilter('role', (value as Role | null) ?? undefined)}
            clearable
            w={180}
          />
          {!isTech(myRole ?? undefined) && (
            <Select
              id="users-building"
              label={t('users.list.building')}
              placeholder={t('users.list.anyBuilding')}
              data={buildings.map((building) => ({ value: building.id, label: building.name }))}
              value={list.request.buildingId ?? null}
              onChange={(value) => list.setFilter('buildingId', value ?? undefined)}
              searchable
              clearable
              w={200}
            />
          )}
        </Group>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconDownload />} onClick={() => void downloadCsv()}>
            {t('users.list.csv')}
          </Button>
          {grantable.length > 0 && (
            <Button leftSection={<IconPlus />} onClick={() => setDialog({ user: null })}>
              {t('users.list.add')}
            </Button>
          )}
        </Group>
      </Group>
      <UsersTable
        users={list.data?.docs ?? null}
        sort={{ column: list.request.sort, order: list.request.order }}
        onSort={list.sortBy}
        mayManage={manageable}
        mayImpersonate={impersonable}
        onOpen={(user) => setDialog({ user })}
        onDelete={deleting.ask}
        onImpersonate={(user) => void session.getState().logInAs(user.username)}
        emptyText={list.appliedSearch || list.request.role ? t('users.list.noMatch') : t('users.list.empty')}
      />
      <ListPager name="users" label={t('pages.users.title')} {...list.pager} />
      {dialog && (
        <Suspense fallback={<LoadingWhileMounted />}>
          <UserDialog user={dialog.user} grantable={grantable} onClose={closeDialog} />
        </Suspense>
      )}
      <ConfirmDialog
        {...deleting.dialog}
        title={t('users.list.deleteTitle')}
        confirmLabel={t('users.list.delete', { name: deleting.item ? displayName(deleting.item) : '' })}
        data-testid="delete-user"
      >
        {t('users.list.deleteText', { name: deleting.item ? displayName(deleting.item) : '' })}
      </ConfirmDialog>
    </Page>
  );
}
