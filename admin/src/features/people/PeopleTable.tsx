import { ActionIcon, Anchor, Badge, Group, Table, Text } from '@mantine/core';
import type { Person, PersonStatus } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { DeleteAction, EditAction, RowActions } from '../../components/RowActions.tsx';
import { SortableHeading, sortDirection } from '../../components/SortableHeading.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { IconPersonStatus, IconQrCode } from './PeopleIcons.tsx';
import type { PeopleSortColumn } from './peopleApi.ts';
import { displayName, localDay } from './personForm.ts';

const sortable = [
  'lastName',
  'visitorType',
  'companyName',
  'externalId',
  'email',
] as const satisfies readonly PeopleSortColumn[];

// Shades whose white text reads at 4.5:1 or more (WCAG AA); each status has its word and icon too.
const statusColours: Record<PersonStatus, string> = {
  IN: 'teal.9',
  PENDING: 'indigo.9',
  CHECK_IN_BACK: 'blue.9',
  OUT: 'gray.8',
  EXPIRED: 'gray.7',
  NONE: 'gray.7',
};

const wholeBadge = {
  root: { maxWidth: 'none', overflow: 'visible' },
  label: { overflow: 'visible', textOverflow: 'clip' },
} as const;

/** Where the person stands now, and whether they are deactivated, in words and icons (never by colour alone). */
function StatusBadges({ person }: { person: Person }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      <Badge
        color={statusColours[person.status]}
        variant={person.status === 'NONE' ? 'outline' : 'filled'}
        leftSection={<IconPersonStatus status={person.status} size={14} />}
        title={t(`people.statusHelp.${person.status}`)}
        data-status={person.status}
        // Its words are never cut: "NO ENTRY TODAY" ended in "NO ENTR…" at 1440 px.
        styles={wholeBadge}
      >
        {t(`people.status.${person.status}`)}
      </Badge>
      {person.deactivated && <Badge color="red.9">{t('people.status.deactivated')}</Badge>}
    </Group>
  );
}

/**
 * A sentence of the catalogue with dates in it, each date kept on one line: a narrow column breaks
 * "2026-01-31" at its hyphens otherwise. The dates go in as markers, then each marker is drawn as
 * an unbreakable piece.
 */
function WithDates({ text, dates }: { text: (marks: string[]) => string; dates: string[] }) {
  const marks = dates.map((_, i) => String.fromCharCode(0xe000 + i));
  return (
    <>
      {text(marks)
        .split(/([\ue000-\ue0ff])/)
        .map((piece, i) => {
          const index = piece.length === 1 ? marks.indexOf(piece) : -1;
          return index < 0 ? (
            piece
          ) : (
            <span key={i} style={{ whiteSpace: 'nowrap' }}>
              {dates[index]}
            </span>
          );
        })}
    </>
  );
}

/** The days a person's pass opens the door: from, until, both, or no limit. */
function Validity({ person }: { person: Person }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const from = person.validFrom ? format.date(localDay(person.validFrom)) : null;
  const to = person.validTo ? format.date(localDay(person.validTo)) : null;
  if (from && to)
    return <WithDates dates={[from, to]} text={([a, b]) => t('people.list.between', { from: a, to: b })} />;
  if (from) return <WithDates dates={[from]} text={([a]) => t('people.list.from', { date: a })} />;
  if (to) return <WithDates dates={[to]} text={([a]) => t('people.list.until', { date: a })} />;
  return <>{t('people.list.noLimit')}</>;
}

/** One page of the directory; a name opens the person, the actions edit, show the pass, or delete. */
export function PeopleTable(props: {
  people: Person[] | null;
  sort: { column: PeopleSortColumn; order: 1 | -1 };
  onSort: (column: PeopleSortColumn) => void;
  /** false: the signed-in user reads only (no edit, no delete). */
  manage: boolean;
  onOpen: (person: Person) => void;
  onPass: (person: Person) => void;
  onDelete: (person: Person) => void;
  emptyText: string;
}) {
  const { people, sort, onSort, manage, onOpen, onPass, onDelete, emptyText } = props;
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table highlightOnHover withTableBorder verticalSpacing="sm" data-testid="people-table">
        <Table.Caption>{t('people.list.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {sortable.map((column) => (
              <SortableHeading
                key={column}
                label={t(`people.list.columns.${column}`)}
                direction={sortDirection(sort, column)}
                onSort={() => onSort(column)}
              />
            ))}
            <Table.Th scope="col">{t('people.list.columns.building')}</Table.Th>
            <Table.Th scope="col">{t('people.list.columns.validity')}</Table.Th>
            <Table.Th scope="col">{t('people.list.columns.status')}</Table.Th>
            <Table.Th scope="col" w={130}>
              {t('people.list.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people?.map((person) => {
            const name = displayName(person);
            return (
              <Table.Tr key={person.id} data-testid={`person-row-${person.id}`}>
                <Table.Td>
                  {manage ? (
                    <Anchor component="button" type="button" fw={600} onClick={() => onOpen(person)}>
                      {name}
                    </Anchor>
                  ) : (
                    <Text fw={600} size="sm">
                      {name}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{t(`people.types.${person.visitorType}`)}</Table.Td>
                <Table.Td>{person.companyName ?? ''}</Table.Td>
                <Table.Td>{person.externalId ?? ''}</Table.Td>
                <Table.Td>{person.email ?? ''}</Table.Td>
                <Table.Td>{person.building.name}</Table.Td>
                <Table.Td>
                  <Validity person={person} />
                </Table.Td>
                <Table.Td>
                  <StatusBadges person={person} />
                </Table.Td>
                <Table.Td>
                  <RowActions>
                    {manage && <EditAction label={t('people.list.edit', { name })} onClick={() => onOpen(person)} />}
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('people.list.pass', { name })}
                      onClick={() => onPass(person)}
                    >
                      <IconQrCode />
                    </ActionIcon>
                    {manage && (
                      <DeleteAction
                        label={t('people.list.delete', { name })}
                        onClick={() => onDelete(person)}
                        color="red.9"
                      />
                    )}
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {people?.length === 0 && <EmptyRow colSpan={sortable.length + 4} text={emptyText} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
