import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Loader,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  type CheckInFieldKey,
  type DeskCheckInData,
  hasAnyRole,
  wizardTypeOfPerson,
  wizardVisitorTypes,
} from '@vestibule/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, DialogActions } from '../../../components/AppDialog.tsx';
import { messageFromError, notifications } from '../../notifications/index.ts';
import { routeTable } from '../../routing/index.ts';
import { useSession } from '../../session/index.ts';
import { entryLogApi } from '../entryLogApi.ts';
import { DeskHostField } from './DeskHostField.tsx';
import { DeskQuestions, useDeskQuestions } from './DeskQuestions.tsx';
import {
  type DeskField,
  type DeskLayout,
  type DeskValues,
  deskBody,
  deskLayout,
  deskName,
  deskProblems,
  emptyDeskValues,
  recordForm,
  valuesOfPerson,
  valuesOfVisit,
} from './deskForm.ts';
import { type Found, ReturningSearch, foundKey, foundName } from './ReturningSearch.tsx';
import { sendStaffCheckIn } from './staffCheckInOutcome.ts';
import { useErrorText } from './useErrorText.ts';

/**
 * The desk's check-in, one form (docs/check-in.md, "At the desk"): someone who came before, found
 * by a few letters and checked in at once from their latest visit (or a person of the
 * directory), or a name, company, host and person type typed, with the other fields the
 * building's form makes mandatory; its entry questions only where the building asks them at the
 * desk. A returning visitor is in after two clicks and one typed search.
 */
export function FastCheckInDialog(props: {
  buildingId: string;
  /**
   * A returning visitor's last visit whose answers no longer hold (the instant replacement's
   * 422): the form starts from it and asks the questions.
   */
  returningVisitId?: string;
  onClose: (changed: boolean) => void;
}) {
  const { onClose, returningVisitId } = props;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const buildings = useSession((state) => state.buildings);
  const role = useSession((state) => state.user?.role);
  const readsDirectory = hasAnyRole(role, routeTable.people.access.roles);
  const [buildingId, setBuildingId] = useState(props.buildingId);
  const [values, setValues] = useState<DeskValues>(emptyDeskValues);
  const data = useDeskData(buildingId, values.visitorType, onClose);
  const questions = useDeskQuestions(data);
  const [shown, setShown] = useState<Partial<Record<DeskField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  // A returning visitor whose answers lapsed: the form from their last visit.
  useEffect(() => {
    if (returningVisitId === undefined) return;
    let current = true;
    entryLogApi.detail(returningVisitId).then(
      (visit) => {
        if (!current) return;
        setBuildingId(visit.buildingId);
        setValues(valuesOfVisit(visit));
        setNotice(t('entryLog.desk.answerFirst'));
      },
      (failure: unknown) => {
        if (!current) return;
        notifications.showError(messageFromError(failure));
        close.current(false);
      },
    );
    return () => {
      current = false;
    };
  }, [returningVisitId, t]);

  const layout = data ? deskLayout(data) : null;
  /** A new value of a field, whose problem is then no longer shown. */
  const set = <K extends keyof DeskValues>(key: K, value: DeskValues[K], field: DeskField | null = null) => {
    setValues((current) => ({ ...current, [key]: value }));
    const shownKey = field ?? (key === 'extra' || key === 'person' || key === 'visitorType' ? null : key);
    if (shownKey) setShown((current) => ({ ...current, [shownKey]: undefined }));
  };
  const problemText = (problem: 'required' | 'email' | 'maxLength') => t(`entryLog.desk.problems.${problem}`);

  /** The form filled from someone found, ready to check in. */
  const edit = (found: Found, message: string | null = null) => {
    setValues(found.kind === 'returning' ? valuesOfVisit(found.visitor) : valuesOfPerson(found.person));
    setShown({});
    setError(null);
    setNotice(message);
    setTimeout(() => submitButton.current?.focus());
  };

  /** Someone found, checked in at once: a returning visitor again from their last visit. */
  const checkInFound = async (found: Found) => {
    if (questions.asked) {
      edit(found, t('entryLog.desk.answerFirst'));
      return;
    }
    setBusy(foundKey(found));
    const failure = await sendStaffCheckIn(
      () =>
        found.kind === 'returning'
          ? entryLogApi.checkInAgain(found.visitor.visitId)
          : entryLogApi.fastCheckIn({
              buildingId,
              visitorType: wizardTypeOfPerson(found.person.visitorType),
              personId: found.person.id,
              hostPersonId: null,
              checkInForm: recordForm(found.person),
            }),
      foundName(found) || t('entryLog.list.unnamed'),
      close.current,
    );
    setBusy(null);
    // Not let in as they were (the form asks more now, their answers lapsed): the form, to complete.
    if (failure) {
      edit(found);
      setError(errorText(failure));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!data || !layout || busy !== null) return;
    const problems = deskProblems(values, layout, data.checkInForm);
    setShown(Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, problemText(problem)])));
    const first = Object.keys(problems)[0];
    if (first || (questions.asked && !questions.complete)) {
      setError(t('entryLog.desk.incomplete'));
      if (first) document.getElementById(`desk-${first}`)?.focus();
      return;
    }
    setError(null);
    setBusy('form');
    const failure = await sendStaffCheckIn(
      () =>
        entryLogApi.fastCheckIn(deskBody(buildingId, values, layout, questions.asked ? questions.result() : undefined)),
      deskName(values, layout) || t('entryLog.list.unnamed'),
      close.current,
    );
    setBusy(null);
    if (failure) setError(errorText(failure));
  };

  return (
    <AppDialog
      opened
      onClose={() => onClose(false)}
      title={t('entryLog.desk.title')}
      size="lg"
      // Its height follows the search: it stays at the top instead of jumping.
      centered={false}
      data-testid="desk-dialog"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {buildings.length > 1 && (
            <Select
              id="desk-building"
              label={t('entryLog.desk.building')}
              data={buildings.map((building) => ({ value: building.id, label: building.name }))}
              value={buildingId}
              onChange={(value) => {
                if (!value) return;
                setBuildingId(value);
                setValues((current) => ({ ...current, host: null, person: null }));
              }}
              allowDeselect={false}
              w={{ base: '100%', sm: 280 }}
            />
          )}
          <ReturningSearch
            key={buildingId}
            buildingId={buildingId}
            timeZone={buildings.find((building) => building.id === buildingId)?.timeZoneId}
            readsDirectory={readsDirectory}
            busy={busy}
            onCheckIn={(found) => void checkInFound(found)}
            onEdit={(found) => edit(found)}
            onNewName={(name) => {
              setValues((current) => ({ ...namedAs(current, name), person: null }));
              setTimeout(() =>
                document.getElementById(layout?.names === 'full' ? 'desk-fullName' : 'desk-company')?.focus(),
              );
            }}
          />
          <Divider label={t('entryLog.desk.orNew')} labelPosition="left" />
          <Radio.Group
            label={t('entryLog.desk.visitorType')}
            value={values.visitorType}
            onChange={(value) => {
              const type = wizardVisitorTypes.find((candidate) => candidate === value);
              if (type) setValues((current) => ({ ...current, visitorType: type, person: null }));
            }}
          >
            <Group gap="lg" mt={4}>
              {wizardVisitorTypes.map((type) => (
                <Radio key={type} value={type} label={t(`people.types.${type}`)} />
              ))}
            </Group>
          </Radio.Group>
          {layout === null ? (
            <Loader size="sm" aria-label={t('entryLog.desk.loading')} />
          ) : (
            <DeskFields
              buildingId={buildingId}
              layout={layout}
              data={data!}
              values={values}
              set={set}
              shown={shown}
              onSomeoneElse={() => setValues(emptyDeskValues(values.visitorType))}
            />
          )}
          <DeskQuestions state={questions} />
          {notice && !error && (
            <Alert color="blue" variant="light" role="status">
              {notice}
            </Alert>
          )}
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <DialogActions>
            <Button variant="default" onClick={() => onClose(false)}>
              {t('common.cancel')}
            </Button>
            <Button ref={submitButton} type="submit" loading={busy === 'form'} disabled={layout === null}>
              {t('entryLog.desk.submit')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </AppDialog>
  );
}

/** The form named as typed in the search: the first word the first name, the rest the last name. */
function namedAs(values: DeskValues, typed: string): DeskValues {
  const words = typed.trim().split(/\s+/);
  return { ...values, firstName: words[0] ?? '', lastName: words.slice(1).join(' '), fullName: typed.trim() };
}

/** The building's check-in for the person type, loaded as they change; a failure ends the dialog. */
function useDeskData(buildingId: string, visitorType: DeskValues['visitorType'], onClose: (changed: boolean) => void) {
  const [loaded, setLoaded] = useState<{ key: string; data: DeskCheckInData } | null>(null);
  const failed = useRef(onClose);
  useEffect(() => {
    failed.current = onClose;
  });
  const key = `${buildingId}|${visitorType}`;
  useEffect(() => {
    const controller = new AbortController();
    entryLogApi.buildingCheckInData(buildingId, visitorType, controller.signal).then(
      (data) => !controller.signal.aborted && setLoaded({ key: `${buildingId}|${visitorType}`, data }),
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        notifications.showError(messageFromError(failure));
        failed.current(false);
      },
    );
    return () => controller.abort();
  }, [buildingId, visitorType]);
  return loaded?.key === key ? loaded.data : null;
}

/** Who arrives: the directory's person, or the names typed; the company, the host, the form's other mandatory fields. */
function DeskFields(props: {
  buildingId: string;
  layout: DeskLayout;
  data: DeskCheckInData;
  values: DeskValues;
  set: <K extends keyof DeskValues>(key: K, value: DeskValues[K], field?: DeskField | null) => void;
  shown: Partial<Record<DeskField, string>>;
  onSomeoneElse: () => void;
}) {
  const { buildingId, layout, data, values, set, shown, onSomeoneElse } = props;
  const { t } = useTranslation();
  const text = (field: 'firstName' | 'lastName' | 'fullName' | 'company', label: string, required: boolean) => (
    <TextInput
      id={`desk-${field}`}
      label={label}
      required={required}
      value={values[field]}
      onChange={(event) => set(field, event.currentTarget.value)}
      error={shown[field]}
      autoComplete="off"
    />
  );
  const extraLabel = (key: CheckInFieldKey) => {
    const field = data.checkInForm[key];
    return field?.custom && field.label ? field.label : t(`wizard.fields.${key}`);
  };
  return (
    <Stack gap="sm">
      {values.person ? (
        <Paper withBorder p="sm" radius="md" data-testid="desk-person">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              <Text span fw={600}>
                {values.person.name}
              </Text>{' '}
              · {t('entryLog.desk.fromDirectory')}
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={onSomeoneElse}>
              {t('entryLog.desk.someoneElse')}
            </Button>
          </Group>
        </Paper>
      ) : layout.names === 'full' ? (
        text('fullName', t('entryLog.desk.fullName'), true)
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('firstName', t('entryLog.desk.firstName'), data.checkInForm.firstName?.mandatory === true)}
          {text('lastName', t('entryLog.desk.lastName'), data.checkInForm.lastName?.mandatory === true)}
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {layout.companyKey &&
          text('company', t(`entryLog.desk.companies.${layout.companyKey}`), layout.companyRequired)}
        {layout.hostAsked && (
          <DeskHostField
            buildingId={buildingId}
            value={values.host}
            onChange={(host) => set('host', host)}
            required={layout.hostRequired}
            error={shown.host}
          />
        )}
        {layout.extra.map(([key, field]) =>
          field.type === 'BOOLEAN' ? (
            <Checkbox
              key={key}
              id={`desk-${key}`}
              label={extraLabel(key)}
              checked={values.extra[key] === true}
              onChange={(event) => set('extra', { ...values.extra, [key]: event.currentTarget.checked }, key)}
              error={shown[key]}
              mt="lg"
            />
          ) : (
            <TextInput
              key={key}
              id={`desk-${key}`}
              type={key === 'email' ? 'email' : 'text'}
              label={extraLabel(key)}
              required
              maxLength={field.size}
              value={typeof values.extra[key] === 'string' ? String(values.extra[key]) : ''}
              onChange={(event) => set('extra', { ...values.extra, [key]: event.currentTarget.value }, key)}
              error={shown[key]}
              autoComplete="off"
            />
          ),
        )}
      </SimpleGrid>
    </Stack>
  );
}
