import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { hasAnyRole, type Tenant } from '@vestibule/shared';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { IconPlus } from '../../components/ListIcons.tsx';
import { ListPager } from '../../components/ListPager.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { Page } from '../../components/Page.tsx';
import { byNameQuery, type PageRequest, usePagedList } from '../../components/usePagedList.ts';
import { LoadingWhileMounted } from '../loading/index.ts';
import { messageFromError, notifications, type NoticeMessage, useNoticeText } from '../notifications/index.ts';
import { useSession, useSessionStore } from '../session/index.ts';
import { TenantsTable } from './TenantsTable.tsx';

// The dialog (the company's fields, its corporate user, the countries) is fetched when first opened.
const TenantDialog = lazy(() => import('./TenantDialog.tsx').then((module) => ({ default: module.TenantDialog })));

type Question = { kind: 'delete' | 'activate' | 'deactivate'; tenant: Tenant };

/**
 * /admin/tenants: the companies, searched by name, sorted by name and paged. Administrators add
 * a company with its corporate user, edit, deactivate, activate and delete one; technical users
 * read the list (the server refuses them every change). Each change reloads the toolbar's company
 * selector at once.
 */
export function TenantsPage() {
  const { t } = useTranslation();
  const noticeText = useNoticeText();
  const session = useSessionStore();
  const mayChange = useSession((state) => hasAnyRole(state.user?.role ?? '', ['ROLE_ADMIN']));
  const load = useCallback(
    (request: PageRequest<'name', object>, signal: AbortSignal) =>
      api.call('GET /tenant', { query: byNameQuery(request), signal }),
    [],
  );
  const list = usePagedList<'name', object, Tenant>({ sort: 'name', filters: {}, load });
  const [dialog, setDialog] = useState<{ tenant: Tenant | null } | null>(null);
  const [question, setQuestion] = useState<Question | null>(null);
  const [refusal, setRefusal] = useState<NoticeMessage | null>(null);
  const [busy, setBusy] = useState(false);

  /** After a change: the list, and the toolbar's companies (a new, renamed or deleted one shows at once). */
  const changed = () => {
    list.reload();
    void session.getState().selectTenant();
  };

  const ask = (next: Question | null) => {
    setRefusal(null);
    setQuestion(next);
  };

  const answer = async ({ kind, tenant }: Question) => {
    setBusy(true);
    try {
      if (kind === 'delete') {
        await api.call('DELETE /tenant/:id', { params: { id: tenant.id } });
        notifications.showSuccess({ key: 'common.DELETED_SUCCESSFULLY' });
        list.afterRemove();
        void session.getState().selectTenant();
      } else {
        await api.call('PATCH /tenant/:id', { params: { id: tenant.id }, body: { active: kind === 'activate' } });
        notifications.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
        changed();
      }
      setQuestion(null);
    } catch (error) {
      // The question stays open and says why (TENANT_NOT_EMPTY: its buildings or users first).
      setRefusal(messageFromError(error));
    } finally {
      setBusy(false);
    }
  };

  const closeDialog = (saved: boolean) => {
    setDialog(null);
    if (saved) changed();
  };

  const questionTexts = {
    delete: { title: 'tenants.deleteTitle', text: 'tenants.deleteText', confirm: 'tenants.delete' },
    activate: { title: 'tenants.activateTitle', text: 'tenants.activateText', confirm: 'tenants.activate' },
    deactivate: { title: 'tenants.deactivateTitle', text: 'tenants.deactivateText', confirm: 'tenants.deactivate' },
  } as const;
  const texts = questionTexts[question?.kind ?? 'delete'];

  return (
    <Page title={t('pages.tenants.title')} size="xl">
      <Group justify="space-between" align="flex-end" gap="sm">
        <ListSearch
          id="tenants-search"
          label={t('tenants.list.search')}
          value={list.search}
          onChange={list.setSearch}
          width={320}
        />
        {mayChange ? (
          <Button leftSection={<IconPlus />} onClick={() => setDialog({ tenant: null })}>
            {t('tenants.list.add')}
          </Button>
        ) : (
          <Text size="sm">{t('tenants.list.readOnly')}</Text>
        )}
      </Group>
      <TenantsTable
        tenants={list.data?.docs ?? null}
        order={list.request.order}
        onSort={() => list.sortBy('name')}
        actions={
          mayChange
            ? {
                onEdit: (tenant) => setDialog({ tenant }),
                onToggleActive: (tenant) => ask({ kind: tenant.active ? 'deactivate' : 'activate', tenant }),
                onDelete: (tenant) => ask({ kind: 'delete', tenant }),
              }
            : undefined
        }
        emptyText={list.appliedSearch ? t('tenants.list.noMatch') : t('tenants.list.empty')}
      />
      <ListPager name="tenants" label={t('tenants.list.pages')} {...list.pager} />
      {dialog && (
        <Suspense fallback={<LoadingWhileMounted />}>
          <TenantDialog tenant={dialog.tenant} onClose={closeDialog} />
        </Suspense>
      )}
      <ConfirmDialog
        opened={question !== null}
        title={t(texts.title)}
        confirmLabel={t(texts.confirm)}
        cancelLabel={t('common.cancel')}
        danger={question?.kind !== 'activate'}
        busy={busy || refusal !== null}
        onConfirm={() => question && void answer(question)}
        onCancel={() => ask(null)}
        data-testid="tenant-question"
      >
        <Stack gap="sm">
          <Text>{t(texts.text, { name: question?.tenant.name ?? '' })}</Text>
          {refusal && (
            <Alert color="red" variant="light" role="alert">
              {noticeText(refusal)}
            </Alert>
          )}
        </Stack>
      </ConfirmDialog>
    </Page>
  );
}
