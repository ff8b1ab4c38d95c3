import { ActionIcon, Anchor, Box, Button, Group, Pagination, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { Questionnaire } from '@vestibule/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { messageFromError, notifications } from '../notifications/index.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { QuestionnaireDetailsDialog } from './QuestionnaireDetailsDialog.tsx';
import { IconPencil, IconPlus, IconTrash } from './QuestionnaireIcons.tsx';
import { editorSearch, listPlaceOf, listSearch, PAGE_SIZE, type ListPlace } from './questionnaireLocation.ts';
import {
  createQuestionnaire,
  deleteQuestionnaire,
  updateQuestionnaire,
  type QuestionnaireFields,
} from './questionnaires.api.ts';
import { useQuestionnairePage } from './useQuestionnaireData.ts';

const SEARCH_DELAY_MS = 300;

type DetailsDialog = { opened: boolean; questionnaire: Questionnaire | null };
type DeleteDialog = { opened: boolean; questionnaire: Questionnaire | null };

/** The questionnaires of the company: search, pages, create, rename, delete. */
export function QuestionnaireListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const place = listPlaceOf(params);
  const { result, loading, reload } = useQuestionnairePage({ ...place, limit: PAGE_SIZE });
  const [searchText, setSearchText] = useState(place.search);
  const [details, setDetails] = useState<DetailsDialog>({ opened: false, questionnaire: null });
  const [removal, setRemoval] = useState<DeleteDialog>({ opened: false, questionnaire: null });

  const goTo = (next: ListPlace) => void navigate({ search: listSearch(next) }, { replace: true });
  const searchLater = useDebouncedCallback((search: string) => goTo({ search, page: 1 }), SEARCH_DELAY_MS);

  const save = async (fields: QuestionnaireFields) => {
    const editing = details.questionnaire;
    if (editing) {
      await updateQuestionnaire(editing.id, fields);
      setDetails((current) => ({ ...current, opened: false }));
      notifications.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
      reload();
      return;
    }
    const created = await createQuestionnaire(fields);
    setDetails((current) => ({ ...current, opened: false }));
    await navigate({ search: editorSearch(created.id, place) });
    notifications.showSuccess({ key: 'questionnaires.details.created' });
  };

  const remove = async () => {
    const target = removal.questionnaire;
    if (!target) return;
    notifications.clearBanners();
    try {
      await deleteQuestionnaire(target.id);
      notifications.showSuccess({ key: 'common.DELETED_SUCCESSFULLY' });
      const lastOnPage = result?.docs.length === 1 && place.page > 1;
      if (lastOnPage) goTo({ ...place, page: place.page - 1 });
      else reload();
    } catch (error) {
      notifications.showError(messageFromError(error));
      window.scrollTo({ top: 0 });
    } finally {
      setRemoval((current) => ({ ...current, opened: false }));
    }
  };

  const controlLabels = {
    first: t('questionnaires.list.firstPage'),
    previous: t('questionnaires.list.previousPage'),
    next: t('questionnaires.list.nextPage'),
    last: t('questionnaires.list.lastPage'),
  };
  const docs = result?.docs ?? [];
  const total = result?.totalDocs ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const from = total === 0 ? 0 : (place.page - 1) * PAGE_SIZE + 1;
  const to = Math.min(total, (place.page - 1) * PAGE_SIZE + docs.length);

  return (
    <Page title={t('pages.questionnaires.title')}>
      <Text>{t('questionnaires.list.intro')}</Text>
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          type="search"
          label={t('questionnaires.list.search')}
          placeholder={t('questionnaires.list.searchPlaceholder')}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            searchLater(event.currentTarget.value);
          }}
          w={{ base: '100%', xs: 320 }}
        />
        <Button leftSection={<IconPlus />} onClick={() => setDetails({ opened: true, questionnaire: null })}>
          {t('questionnaires.list.create')}
        </Button>
      </Group>

      {result && docs.length === 0 && (
        <Text data-testid="questionnaires-empty">
          {place.search.trim() === ''
            ? t('questionnaires.list.empty')
            : t('questionnaires.list.noMatch', { search: place.search.trim() })}
        </Text>
      )}

      {docs.length > 0 && (
        <Box aria-busy={loading}>
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('questionnaires.list.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('questionnaires.list.name')}</Table.Th>
                  <Table.Th scope="col">{t('questionnaires.list.description')}</Table.Th>
                  <Table.Th scope="col" ta="end" w={110}>
                    {t('questionnaires.list.questions')}
                  </Table.Th>
                  <Table.Th scope="col" ta="end" w={120}>
                    {t('questionnaires.list.actions')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {docs.map((questionnaire) => (
                  <Table.Tr key={questionnaire.id} data-questionnaire-id={questionnaire.id}>
                    <Table.Th scope="row" fw={600}>
                      <Anchor component={Link} to={{ search: editorSearch(questionnaire.id, place) }}>
                        {questionnaire.name}
                      </Anchor>
                    </Table.Th>
                    <Table.Td>{questionnaire.description ?? ''}</Table.Td>
                    <Table.Td ta="end" data-testid="questions-count">
                      {questionnaire.questionsCount}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <RowAction
                          label={t('questionnaires.list.editDetails', { name: questionnaire.name })}
                          onClick={() => setDetails({ opened: true, questionnaire })}
                        >
                          <IconPencil />
                        </RowAction>
                        <RowAction
                          label={t('questionnaires.list.delete', { name: questionnaire.name })}
                          onClick={() => setRemoval({ opened: true, questionnaire })}
                          danger
                        >
                          <IconTrash />
                        </RowAction>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Box>
      )}

      {total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" aria-live="polite">
            {t('questionnaires.list.range', { from, to, total })}
          </Text>
          {pages > 1 && (
            <Box component="nav" aria-label={t('questionnaires.list.pages')}>
              <Pagination
                total={pages}
                value={Math.min(place.page, pages)}
                onChange={(page) => goTo({ ...place, page })}
                withEdges
                getItemProps={(page) => ({
                  'aria-label': t('questionnaires.list.page', { page }),
                  'aria-current': page === place.page ? 'page' : undefined,
                })}
                getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
              />
            </Box>
          )}
        </Group>
      )}

      <QuestionnaireDetailsDialog
        opened={details.opened}
        questionnaire={details.questionnaire}
        onClose={() => setDetails((current) => ({ ...current, opened: false }))}
        onSubmit={save}
      />
      <ConfirmDeleteDialog
        opened={removal.opened}
        title={t('questionnaires.deleteQuestionnaire.title')}
        confirmLabel={t('questionnaires.deleteQuestionnaire.confirm')}
        onClose={() => setRemoval((current) => ({ ...current, opened: false }))}
        onConfirm={remove}
        data-testid="delete-questionnaire-dialog"
      >
        {t('questionnaires.deleteQuestionnaire.text', { name: removal.questionnaire?.name ?? '' })}
      </ConfirmDeleteDialog>
    </Page>
  );
}

function RowAction({
  label,
  onClick,
  danger = false,
  children,
}: {
  label: string;
  onClick: () => void;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <ActionIcon
        variant={danger ? 'light' : 'default'}
        color={danger ? 'red' : undefined}
        size="lg"
        aria-label={label}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
