import { Alert, Badge, Button, Checkbox, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { SUBJECT_SEARCH_LIMIT, type SubjectSearchResult, type SubjectSelection } from '@vestibule/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { postForFile } from '../../api/download.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useDateTimeFormat } from '../../format/useDateTimeFormat.ts';
import { saveFile } from '../../format/saveTextFile.ts';
import { messageFromError, notifications } from '../notifications/index.ts';

type Kind = 'visits' | 'people' | 'guests';
type Chosen = Record<Kind, ReadonlySet<string>>;
type Column = 'name' | 'email' | 'phone' | 'company' | 'building' | 'state' | 'when' | 'booking';

const guestKey = (guest: { seriesId: string; position: number }) => `${guest.seriesId}|${guest.position}`;

/** Every record of a search, chosen: the officer takes out a namesake's. */
function allOf(result: SubjectSearchResult): Chosen {
  return {
    visits: new Set(result.visits.map((visit) => visit.id)),
    people: new Set(result.people.map((person) => person.id)),
    guests: new Set(result.guests.map(guestKey)),
  };
}

function selectionOf(result: SubjectSearchResult, chosen: Chosen): SubjectSelection {
  return {
    visitIds: result.visits.filter((visit) => chosen.visits.has(visit.id)).map((visit) => visit.id),
    personIds: result.people.filter((person) => chosen.people.has(person.id)).map((person) => person.id),
    guests: result.guests
      .filter((guest) => chosen.guests.has(guestKey(guest)))
      .map(({ seriesId, position }) => ({ seriesId, position })),
  };
}

/**
 * A data-protection officer's requests about one person (docs/privacy.md, "Requests about a
 * person"): find the company's records by e-mail, phone or name, choose the person's own, then
 * download them as one archive or erase them after a confirmation that names the counts.
 */
export function SubjectRequestsSection() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState<{ q: string; result: SubjectSearchResult } | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [busy, setBusy] = useState<'search' | 'export' | 'erase' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const tooShort = query.trim().length < 3;

  const search = async (q: string) => {
    setBusy('search');
    try {
      const result = await api.call('GET /privacy/subjects', { query: { q } });
      setSearched({ q, result });
      setChosen(allOf(result));
    } catch (error) {
      notifications.showError(messageFromError(error));
    } finally {
      setBusy(null);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tooShort) void search(query.trim());
  };

  const selection = searched && chosen ? selectionOf(searched.result, chosen) : null;
  const count = selection ? selection.visitIds.length + selection.personIds.length + selection.guests.length : 0;
  const onSiteChosen =
    searched !== null &&
    searched.result.visits.some((visit) => visit.state === 'IN' && chosen?.visits.has(visit.id) === true);
  const counts = (numbers: { visits: number; people: number; guests: number }) => ({
    visits: t('privacy.subjects.visits', { count: numbers.visits }),
    people: t('privacy.subjects.people', { count: numbers.people }),
    guests: t('privacy.subjects.guests', { count: numbers.guests }),
  });

  const download = async () => {
    if (!selection) return;
    setBusy('export');
    try {
      saveFile(await postForFile('POST /privacy/subjects/export', { body: selection }), 'person-data.zip');
      notifications.showSuccess({ key: 'privacy.subjects.exported' });
    } catch (error) {
      notifications.showError(messageFromError(error));
    } finally {
      setBusy(null);
    }
  };
  const erase = async () => {
    if (!selection || !searched) return;
    setBusy('erase');
    try {
      const erased = await api.call('POST /privacy/subjects/erase', { body: selection });
      setConfirming(false);
      notifications.showSuccess({ key: 'privacy.subjects.erased', params: counts(erased) });
      setBusy(null);
      await search(searched.q);
    } catch (error) {
      notifications.showError(messageFromError(error));
      setBusy(null);
    }
  };

  return (
    <SectionCard title={t('privacy.subjects.title')}>
      <Text size="sm">{t('privacy.subjects.intro')}</Text>
      <form onSubmit={submit} role="search">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('privacy.subjects.search')}
            description={t('privacy.subjects.searchHelp')}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            maxLength={200}
            style={{ flex: '1 1 320px' }}
            data-testid="subject-search"
          />
          <Button type="submit" disabled={tooShort} loading={busy === 'search'}>
            {t('privacy.subjects.find')}
          </Button>
        </Group>
      </form>
      {searched && chosen && (
        <SubjectResults
          q={searched.q}
          result={searched.result}
          chosen={chosen}
          onChosen={setChosen}
          // The choice's count and actions come before the tables: a person seen often has many rows.
          footer={
            count > 0 && (
              <Stack gap="xs">
                <Group gap="sm">
                  <Text fw={500} role="status">
                    {t('privacy.subjects.chosen', { count })}
                  </Text>
                  <Button variant="default" onClick={() => void download()} loading={busy === 'export'}>
                    {t('privacy.subjects.export')}
                  </Button>
                  <Button
                    color="red.9"
                    variant="outline"
                    onClick={() => setConfirming(true)}
                    disabled={onSiteChosen || busy !== null}
                    aria-describedby={onSiteChosen ? 'subject-on-site' : undefined}
                  >
                    {t('privacy.subjects.erase')}
                  </Button>
                </Group>
                {onSiteChosen && (
                  <Text size="sm" id="subject-on-site">
                    {t('privacy.subjects.onSite')}
                  </Text>
                )}
              </Stack>
            )
          }
        />
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('privacy.subjects.eraseTitle')}
        confirmLabel={t('privacy.subjects.eraseConfirm')}
        cancelLabel={t('privacy.subjects.keep')}
        onConfirm={() => void erase()}
        onCancel={() => setConfirming(false)}
        danger
        busy={busy === 'erase'}
        data-testid="subject-erase"
      >
        {selection
          ? t('privacy.subjects.eraseText', {
              ...counts({
                visits: selection.visitIds.length,
                people: selection.personIds.length,
                guests: selection.guests.length,
              }),
            })
          : ''}
      </ConfirmDialog>
    </SectionCard>
  );
}

function SubjectResults({
  q,
  result,
  chosen,
  onChosen,
  footer,
}: {
  q: string;
  result: SubjectSearchResult;
  chosen: Chosen;
  onChosen: (chosen: Chosen) => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const empty = result.visits.length + result.people.length + result.guests.length === 0;
  const toggle = (kind: Kind, key: string, on: boolean) => {
    const next = new Set(chosen[kind]);
    if (on) next.add(key);
    else next.delete(key);
    onChosen({ ...chosen, [kind]: next });
  };
  const setAll = (kind: Kind, keys: string[], on: boolean) => onChosen({ ...chosen, [kind]: new Set(on ? keys : []) });
  const name = (row: { firstName: string | null; lastName: string | null }) =>
    [row.firstName, row.lastName].filter(Boolean).join(' ') || t('privacy.subjects.unnamed');

  if (empty) {
    return (
      <Text role="status" data-testid="subject-nothing">
        {t('privacy.subjects.nothing', { q })}
      </Text>
    );
  }
  return (
    <Stack gap="md" data-testid="subject-results">
      <Text role="status" fw={500}>
        {t(`privacy.subjects.matchedBy.${result.matchedBy}`, { q })}
      </Text>
      {result.truncated && (
        <Alert color="yellow">{t('privacy.subjects.truncated', { count: SUBJECT_SEARCH_LIMIT })}</Alert>
      )}
      {footer}
      {result.visits.length > 0 && (
        <RecordTable
          kind="visits"
          keys={result.visits.map((visit) => visit.id)}
          chosen={chosen.visits}
          onToggle={toggle}
          onAll={setAll}
          columns={['name', 'email', 'phone', 'company', 'building', 'state', 'when']}
          rows={result.visits.map((visit) => ({
            key: visit.id,
            name: name(visit),
            cells: [
              visit.email ?? '',
              visit.phone ?? '',
              visit.companyName ?? '',
              visit.buildingName,
              t(`privacy.subjects.states.${visit.state}`),
              format.date(visit.at),
            ],
          }))}
        />
      )}
      {result.people.length > 0 && (
        <RecordTable
          kind="people"
          keys={result.people.map((person) => person.id)}
          chosen={chosen.people}
          onToggle={toggle}
          onAll={setAll}
          columns={['name', 'email', 'phone', 'company', 'building']}
          rows={result.people.map((person) => ({
            key: person.id,
            name: name(person),
            badge: person.deactivated ? t('privacy.subjects.deactivated') : undefined,
            cells: [person.email ?? '', person.phone ?? '', person.companyName ?? '', person.buildingName],
          }))}
        />
      )}
      {result.guests.length > 0 && (
        <RecordTable
          kind="guests"
          keys={result.guests.map(guestKey)}
          chosen={chosen.guests}
          onToggle={toggle}
          onAll={setAll}
          columns={['name', 'email', 'booking']}
          rows={result.guests.map((guest) => ({
            key: guestKey(guest),
            name: name(guest),
            cells: [guest.email, guest.booking],
          }))}
        />
      )}
    </Stack>
  );
}

function RecordTable({
  kind,
  keys,
  chosen,
  onToggle,
  onAll,
  columns,
  rows,
}: {
  kind: Kind;
  keys: string[];
  chosen: ReadonlySet<string>;
  onToggle: (kind: Kind, key: string, on: boolean) => void;
  onAll: (kind: Kind, keys: string[], on: boolean) => void;
  columns: Column[];
  rows: { key: string; name: string; badge?: string; cells: string[] }[];
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const title = t(`privacy.subjects.kinds.${kind}`);
  const every = keys.every((key) => chosen.has(key));
  const some = keys.some((key) => chosen.has(key));
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId} mb="xs">
        {title}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder verticalSpacing="xs" data-testid={`subject-${kind}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('privacy.subjects.includeAll', { kind: title })}
                  checked={every}
                  indeterminate={some && !every}
                  onChange={(event) => onAll(kind, keys, event.currentTarget.checked)}
                />
              </Table.Th>
              {columns.map((column) => (
                <Table.Th key={column} scope="col">
                  {t(`privacy.subjects.columns.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>
                  <Checkbox
                    aria-label={t('privacy.subjects.include', { name: row.name })}
                    checked={chosen.has(row.key)}
                    onChange={(event) => onToggle(kind, row.key, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Th scope="row" fw={500}>
                  {row.name}
                  {row.badge && (
                    <Badge ml="xs" variant="light" color="gray">
                      {row.badge}
                    </Badge>
                  )}
                </Table.Th>
                {row.cells.map((cell, index) => (
                  <Table.Td key={columns[index + 1]} style={{ overflowWrap: 'anywhere' }}>
                    {cell}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
