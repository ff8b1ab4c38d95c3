import { Button, Group, List, NumberInput, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  RETENTION_COUNT_CAP,
  RETENTION_DAYS,
  type RetentionDue,
  type RetentionKind,
  type RetentionOverrides,
  type RetentionPeriods,
  type RetentionSettings,
  type RetentionUpdate,
  retentionKinds,
} from '@vestibule/shared';
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { IconPlus } from '../../components/ListIcons.tsx';
import { Page } from '../../components/Page.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { DeleteAction, RowActions } from '../../components/RowActions.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useLoaded } from '../floors/index.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { useSession } from '../session/index.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PrivacyNoticeSection } from './PrivacyNoticeSection.tsx';
import { SubjectRequestsSection } from './SubjectRequestsSection.tsx';

/** A period as its field holds it: a number of days, or '' while empty (a building: the company's). */
type Days = number | string;
type Periods = Record<RetentionKind, Days>;
interface OwnPeriods {
  id: string;
  name: string;
  periods: Periods;
}
interface Draft {
  company: Periods;
  buildings: OwnPeriods[];
}

const PREVIEW_DELAY_MS = 400;

function draftOf(settings: RetentionSettings): Draft {
  return {
    company: { ...settings.company },
    buildings: settings.buildings.map((building) => ({
      id: building.id,
      name: building.name,
      periods: Object.fromEntries(retentionKinds.map((kind) => [kind, building.overrides[kind] ?? ''])) as Periods,
    })),
  };
}

const inRange = (kind: RetentionKind, days: Days): days is number =>
  typeof days === 'number' &&
  Number.isInteger(days) &&
  days >= RETENTION_DAYS[kind].min &&
  days <= RETENTION_DAYS[kind].max;

/** The company's periods, or null while one is empty or out of range. */
function companyOf(periods: Periods): RetentionPeriods | null {
  const { visits, photos, signatures, health } = periods;
  if (!inRange('visits', visits) || !inRange('photos', photos)) return null;
  if (!inRange('signatures', signatures) || !inRange('health', health)) return null;
  return { visits, photos, signatures, health };
}

/** A building's own periods (an empty field: the company's), or null while one is out of range. */
function overridesOf(periods: Periods): RetentionOverrides | null {
  const overrides: RetentionOverrides = { visits: null, photos: null, signatures: null, health: null };
  for (const kind of retentionKinds) {
    const days = periods[kind];
    if (days === '') continue;
    if (!inRange(kind, days)) return null;
    overrides[kind] = days;
  }
  return overrides;
}

/** The change the fields say, or null while one of them is out of range. */
function updateOf(draft: Draft): RetentionUpdate | null {
  const company = companyOf(draft.company);
  if (!company) return null;
  const buildings: RetentionUpdate['buildings'] = [];
  for (const building of draft.buildings) {
    const overrides = overridesOf(building.periods);
    if (!overrides) return null;
    buildings.push({ id: building.id, overrides });
  }
  return { company, buildings };
}

/**
 * /admin/privacy: how long the company keeps its visitors' visits, photos, signatures and health
 * data, the buildings that keep their own periods, and what the next hourly run would erase under
 * the periods shown, counted as they are typed (docs/privacy.md, "Retention").
 */
export function PrivacyPage() {
  const { t } = useTranslation();
  const load = useCallback((signal: AbortSignal) => api.call('GET /privacy/retention', { signal }), []);
  const { state, reload, setState } = useLoaded<RetentionSettings>(load);

  if (state.kind === 'failed') {
    return (
      <Page title={t('privacy.title')} size="lg">
        <LoadFailed title={t('privacy.loadFailed')} error={state.error} onRetry={reload} />
      </Page>
    );
  }
  return (
    <Page title={t('privacy.title')} size="lg">
      {state.kind === 'loading' ? (
        <Spinner />
      ) : (
        <PrivacyForm saved={state.data} onSaved={(data) => setState({ kind: 'loaded', data })} />
      )}
      <PrivacyNoticeSection />
      <SubjectRequestsSection />
    </Page>
  );
}

/** The periods as saved, the fields that change them, and what the next run would erase. */
function PrivacyForm({ saved, onSaved }: { saved: RetentionSettings; onSaved: (saved: RetentionSettings) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => draftOf(saved));
  const [saving, setSaving] = useState(false);
  const update = updateOf(draft);
  const changed = update === null || JSON.stringify(update) !== JSON.stringify(updateOf(draftOf(saved)));
  const save = async () => {
    if (!update) return;
    setSaving(true);
    try {
      const answer = await api.call('PUT /privacy/retention', { body: update });
      setDraft(draftOf(answer));
      onSaved(answer);
      notifications.showSuccess({ key: 'privacy.saved' });
    } catch (error) {
      notifications.showError(messageFromError(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Text>{t('privacy.intro')}</Text>
      <SectionCard title={t('privacy.periods')}>
        <CompanyPeriods periods={draft.company} onChange={(company) => setDraft({ ...draft, company })} />
        <Text size="sm" c="dimmed">
          {t('privacy.counted')}
        </Text>
      </SectionCard>
      <SectionCard title={t('privacy.buildings.title')}>
        <OwnPeriodsTable
          company={saved.company}
          rows={draft.buildings}
          onChange={(buildings) => setDraft({ ...draft, buildings })}
        />
      </SectionCard>
      <SectionCard title={t('privacy.due.title')}>
        <DueSummary update={update} changed={changed} savedDue={saved.due} />
      </SectionCard>
      <Group>
        <Button onClick={() => void save()} loading={saving} disabled={!changed || update === null}>
          {t('privacy.save')}
        </Button>
        <Button variant="default" onClick={() => setDraft(draftOf(saved))} disabled={!changed || saving}>
          {t('privacy.reset')}
        </Button>
      </Group>
    </>
  );
}

function CompanyPeriods({ periods, onChange }: { periods: Periods; onChange: (periods: Periods) => void }) {
  const { t, i18n } = useTranslation();
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {retentionKinds.map((kind) => (
        <NumberInput
          key={kind}
          id={`privacy-${kind}`}
          label={t(`privacy.kinds.${kind}.label`)}
          description={t(`privacy.kinds.${kind}.help`, {
            min: number.format(RETENTION_DAYS[kind].min),
            max: number.format(RETENTION_DAYS[kind].max),
          })}
          suffix={` ${t('privacy.daysUnit')}`}
          withAsterisk
          aria-required
          min={RETENTION_DAYS[kind].min}
          max={RETENTION_DAYS[kind].max}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator={false}
          styles={{ wrapper: { maxWidth: 200 } }}
          value={periods[kind]}
          onChange={(value) => onChange({ ...periods, [kind]: value })}
          error={periods[kind] === '' ? t('common.validation.required') : undefined}
        />
      ))}
    </SimpleGrid>
  );
}

function OwnPeriodsTable({
  company,
  rows,
  onChange,
}: {
  company: RetentionSettings['company'];
  rows: OwnPeriods[];
  onChange: (rows: OwnPeriods[]) => void;
}) {
  const { t } = useTranslation();
  const buildings = useSession((session) => session.buildings);
  const choices = buildings
    .filter((building) => !rows.some((row) => row.id === building.id))
    .map((building) => ({ value: building.id, label: building.name }));
  const add = (id: string | null) => {
    const building = buildings.find((candidate) => candidate.id === id);
    if (!building) return;
    const periods = { visits: '', photos: '', signatures: '', health: '' };
    onChange([...rows, { id: building.id, name: building.name, periods }]);
  };
  const setDays = (id: string, kind: RetentionKind, days: Days) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, periods: { ...row.periods, [kind]: days } } : row)));
  const kindLabel = (kind: RetentionKind) => t(`privacy.kinds.${kind}.label`);

  return (
    <>
      <Text size="sm">{t('privacy.buildings.intro')}</Text>
      {rows.length === 0 ? (
        <Text c="dimmed" data-testid="privacy-no-own-periods">
          {t('privacy.buildings.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table withTableBorder verticalSpacing="xs" data-testid="privacy-buildings">
            <Table.Caption>{t('privacy.buildings.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('privacy.buildings.building')}</Table.Th>
                {retentionKinds.map((kind) => (
                  <Table.Th key={kind} scope="col">
                    {kindLabel(kind)}
                  </Table.Th>
                ))}
                <Table.Th scope="col" w={80}>
                  {t('privacy.buildings.actions')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {row.name}
                  </Table.Th>
                  {retentionKinds.map((kind) => (
                    <Table.Td key={kind}>
                      <NumberInput
                        aria-label={t('privacy.buildings.fieldLabel', { kind: kindLabel(kind), building: row.name })}
                        placeholder={t('privacy.buildings.companys', { days: company[kind] })}
                        min={RETENTION_DAYS[kind].min}
                        max={RETENTION_DAYS[kind].max}
                        allowDecimal={false}
                        allowNegative={false}
                        thousandSeparator={false}
                        value={row.periods[kind]}
                        onChange={(value) => setDays(row.id, kind, value)}
                      />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <RowActions>
                      <DeleteAction
                        label={t('privacy.buildings.remove', { name: row.name })}
                        onClick={() => onChange(rows.filter((other) => other.id !== row.id))}
                      />
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {choices.length > 0 && (
        <Select
          label={t('privacy.buildings.add')}
          placeholder={t('privacy.buildings.addPlaceholder')}
          data={choices}
          value={null}
          onChange={add}
          searchable
          leftSection={<IconPlus />}
          maw={360}
        />
      )}
    </>
  );
}

/** What the next run would erase: the saved periods' counts, else the counts of those typed. */
function DueSummary({
  update,
  changed,
  savedDue,
}: {
  update: RetentionUpdate | null;
  changed: boolean;
  savedDue: RetentionDue;
}) {
  const { t, i18n } = useTranslation();
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const key = update ? JSON.stringify(update) : null;
  const [preview, setPreview] = useState<{ key: string; due: RetentionDue } | null>(null);
  const ask = useEffectEvent((signal: AbortSignal) => {
    if (!update || key === null) return;
    api.call('POST /privacy/retention/preview', { body: update, signal }).then(
      (due) => setPreview({ key, due }),
      (error: unknown) => {
        if (!signal.aborted) notifications.showError(messageFromError(error));
      },
    );
  });
  // Counted again only when the periods differ (`key`), a moment after the last keystroke.
  useEffect(() => {
    if (!changed || key === null) return undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => ask(controller.signal), PREVIEW_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, changed]);

  if (!update) return <Text role="status">{t('privacy.due.invalid')}</Text>;
  const due = !changed ? savedDue : preview?.key === key ? preview.due : null;
  if (!due) return <Text role="status">{t('privacy.due.counting')}</Text>;
  const kinds = retentionKinds.filter((kind) => due[kind].count > 0);
  return (
    <Stack gap="xs" role="status" data-testid="privacy-due">
      {kinds.length === 0 ? (
        <Text>{t('privacy.due.nothing')}</Text>
      ) : (
        <>
          <Text>{t('privacy.due.intro')}</Text>
          <List>
            {kinds.map((kind) => {
              const { count, capped } = due[kind];
              const shown = capped
                ? t('privacy.due.more', { count: number.format(RETENTION_COUNT_CAP) })
                : number.format(count);
              return <List.Item key={kind}>{t(`privacy.due.${kind}`, { count, formatted: shown })}</List.Item>;
            })}
          </List>
        </>
      )}
      {changed && (
        <Text size="sm" c="dimmed">
          {t('privacy.due.unsaved')}
        </Text>
      )}
    </Stack>
  );
}
