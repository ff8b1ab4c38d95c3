import { Button, Group } from '@mantine/core';
import { type Person, atLeastSupervisor, hasAnyRole } from '@vestibule/shared';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { IconDownload, IconPlus } from '../../components/ListIcons.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { Page } from '../../components/Page.tsx';
import { useDeleteConfirm } from '../../components/useDeleteConfirm.ts';
import { type PageRequest, usePagedList } from '../../components/usePagedList.ts';
import { saveTextFile } from '../../format/saveTextFile.ts';
import { LoadingWhileMounted } from '../loading/index.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { useSession } from '../session/index.ts';
import { PeopleFilters, type PeopleFilterValues, noPeopleFilters } from './PeopleFilters.tsx';
import { IconUpload } from './PeopleIcons.tsx';
import { PeopleTable } from './PeopleTable.tsx';
import { type PeopleSortColumn, peopleCsv } from './peopleApi.ts';
import { displayName } from './personForm.ts';

// The dialogs are fetched when first opened.
const PersonDialog = lazy(() => import('./PersonDialog.tsx').then((module) => ({ default: module.PersonDialog })));
const PassDialog = lazy(() => import('./PassDialog.tsx').then((module) => ({ default: module.PassDialog })));
const UploadWizard = lazy(() =>
  import('./upload/UploadWizard.tsx').then((module) => ({ default: module.UploadWizard })),
);

type Dialog = { kind: 'person'; person: Person | null } | { kind: 'pass'; person: Person } | { kind: 'upload' };

/**
 * /admin/people: the company's directory (employees, contractors, visitors, residents), searched,
 * filtered, sorted, paged and downloadable as CSV, each person with where they are today. Supervisors
 * and above add, edit, import and delete people and manage their passes; users read the list and
 * show a pass.
 */
export function PeoplePage() {
  const { t } = useTranslation();
  const me = useSession((state) => state.user);
  const manage = hasAnyRole(me?.role, atLeastSupervisor);
  const load = useCallback((request: PageRequest<PeopleSortColumn, PeopleFilterValues>, signal: AbortSignal) => {
    const { search, ...rest } = request;
    return api.call('GET /people', { query: { ...rest, search: search || undefined }, signal });
  }, []);
  const list = usePagedList<PeopleSortColumn, PeopleFilterValues, Person>({
    sort: 'lastName',
    filters: noPeopleFilters,
    load,
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const deleting = useDeleteConfirm(
    (person: Person) => api.call('DELETE /person/:id', { params: { id: person.id } }),
    list.afterRemove,
  );
  const { visitorType, buildingId, active, validToday } = list.request;
  const filtered = Boolean(list.appliedSearch || visitorType || buildingId || active || validToday);

  const downloadCsv = async () => {
    const { sort, order, search } = list.request;
    try {
      const query = { sort, order, search: search || undefined, visitorType, buildingId, active, validToday };
      saveTextFile(await peopleCsv(query), 'people.csv', 'text/csv');
    } catch (error) {
      notifications.showError(messageFromError(error));
    }
  };

  const closeDialog = (changed: boolean) => {
    setDialog(null);
    if (changed) list.reload();
  };

  return (
    <Page title={t('pages.people.title')} size="xl">
      <Group justify="space-between" align="flex-end" gap="sm">
        <PeopleFilters list={list} />
        <Group gap="sm">
          <Button variant="default" leftSection={<IconDownload />} onClick={() => void downloadCsv()}>
            {t('people.list.csv')}
          </Button>
          {manage && (
            <Button variant="default" leftSection={<IconUpload />} onClick={() => setDialog({ kind: 'upload' })}>
              {t('people.list.upload')}
            </Button>
          )}
          {manage && (
            <Button leftSection={<IconPlus />} onClick={() => setDialog({ kind: 'person', person: null })}>
              {t('people.list.add')}
            </Button>
          )}
        </Group>
      </Group>
      <PeopleTable
        people={list.data?.docs ?? null}
        sort={{ column: list.request.sort, order: list.request.order }}
        onSort={list.sortBy}
        manage={manage}
        onOpen={(person) => setDialog({ kind: 'person', person })}
        onPass={(person) => setDialog({ kind: 'pass', person })}
        onDelete={deleting.ask}
        emptyText={filtered ? t('people.list.noMatch') : t('people.list.empty')}
      />
      <ListPager name="people" label={t('pages.people.title')} {...list.pager} />
      {dialog && (
        <Suspense fallback={<LoadingWhileMounted />}>
          {dialog.kind === 'person' && <PersonDialog person={dialog.person} onClose={closeDialog} />}
          {dialog.kind === 'pass' && (
            <PassDialog person={dialog.person} manage={manage} onClose={() => closeDialog(false)} />
          )}
          {dialog.kind === 'upload' && <UploadWizard onImported={list.reload} onClose={() => closeDialog(false)} />}
        </Suspense>
      )}
      <ConfirmDialog
        {...deleting.dialog}
        title={t('people.list.deleteTitle')}
        confirmLabel={t('people.list.delete', { name: deleting.item ? displayName(deleting.item) : '' })}
        data-testid="delete-person"
      >
        {t('people.list.deleteText', { name: deleting.item ? displayName(deleting.item) : '' })}
      </ConfirmDialog>
    </Page>
  );
}
