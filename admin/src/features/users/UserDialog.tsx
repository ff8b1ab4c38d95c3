import { Alert, MultiSelect, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import {
  type Role,
  type User,
  type UserCreate,
  type UserUpdate,
  type Locale,
  locales,
  userCreateSchema,
  userUpdateSchema,
} from '@vestibule/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { textFieldProps } from '../../form/fieldProps.ts';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { useEmailCheck } from '../../form/useEmailCheck.ts';
import { useServerFieldErrors } from '../../form/useServerFieldErrors.ts';
import { currentLocale } from '../locale/index.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { useSession } from '../session/index.ts';
import { UserPasswordSection } from './UserPasswordSection.tsx';
import {
  type UserField,
  type UserValues,
  assignsBuildings,
  displayName,
  newUserValues,
  userFields,
  userInput,
  userValues,
} from './userForm.ts';

const NAME_MAX = 100;
const PHONE_MAX = 40;
const EMAIL_MAX = 254;
const USERNAME_MAX = 50;

/**
 * Adds a user or edits one: who they are, their role (only those the signed-in user may grant),
 * their language, whether they are blocked, and the buildings they see when their role sees only
 * assigned ones. An edited user's password can be reset by link or set here.
 */
export function UserDialog(props: {
  user: User | null;
  grantable: readonly Role[];
  onClose: (changed: boolean) => void;
}) {
  const { user, grantable, onClose } = props;
  const { t } = useTranslation();
  const [assigned, setAssigned] = useState<string[] | null>(user ? null : []);

  useEffect(() => {
    if (!user) return;
    let live = true;
    api.call('GET /user/:id/buildings', { params: { id: user.id } }).then(
      (buildings) => live && setAssigned(buildings.map((building) => building.id)),
      (error: unknown) => {
        if (!live) return;
        notifications.showError(messageFromError(error));
        onClose(false);
      },
    );
    return () => {
      live = false;
    };
  }, [user, onClose]);

  return (
    <AppDialog
      opened
      onClose={() => onClose(false)}
      title={user ? t('users.dialog.editTitle', { name: displayName(user) }) : t('users.dialog.addTitle')}
      size="lg"
      data-testid="user-dialog"
    >
      {assigned !== null && <UserForm user={user} assigned={assigned} grantable={grantable} onClose={onClose} />}
    </AppDialog>
  );
}

function UserForm(props: {
  user: User | null;
  assigned: string[];
  grantable: readonly Role[];
  onClose: (changed: boolean) => void;
}) {
  const { user, assigned, grantable, onClose } = props;
  const { t } = useTranslation();
  const buildings = useSession((state) => state.buildings);
  const start = user ? userValues(user, assigned) : newUserValues(grantable, currentLocale());
  const form = useSchemaForm<UserValues, UserCreate | UserUpdate>(
    user ? userUpdateSchema : userCreateSchema,
    start,
    {},
    userInput,
  );
  const server = useServerFieldErrors<UserField>(userFields, {
    EMAIL_ALREADY_EXISTS: 'email',
    USER_ALREADY_EXISTS: 'username',
    ROLE_NOT_ALLOWED: 'role',
  });
  const userId = user?.id;
  const emailCheck = useEmailCheck(form.values.email, { ownEmail: start.email, userId });
  const [saving, setSaving] = useState(false);
  // A user's own role stays in the choice even when the signed-in user could not grant it.
  const roleChoices = grantable.includes(start.role) ? grantable : [start.role, ...grantable];

  const text = (key: 'username' | 'email' | 'firstName' | 'lastName' | 'phone', max: number) =>
    textFieldProps(form, server, key, max);

  const save = form.onSubmit(async (data) => {
    if (emailCheck === 'taken') return;
    setSaving(true);
    notifications.clearBanners();
    try {
      if (user) {
        await api.call('PATCH /user/:id', { params: { id: user.id }, body: data as UserUpdate });
        await applyAssignments(user.id, form.values);
        notifications.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
      } else {
        await api.call('POST /user', { body: data as UserCreate });
        notifications.showSuccess({ key: 'users.dialog.CREATED' });
      }
      onClose(true);
    } catch (error) {
      if (!server.place(error)) notifications.showError(messageFromError(error));
    } finally {
      setSaving(false);
    }
  });

  /** The buildings added and taken away since the dialog opened, one call each. */
  async function applyAssignments(userId: string, values: UserValues) {
    const wanted = assignsBuildings(values.role) ? values.buildingIds : [];
    const assign = (buildingId: string, operation: 'assign' | 'unassign') =>
      api.call('POST /user/:userId/buildings/:buildingId/:operation', { params: { userId, buildingId, operation } });
    for (const id of wanted.filter((id) => !assigned.includes(id))) await assign(id, 'assign');
    for (const id of assigned.filter((id) => !wanted.includes(id))) await assign(id, 'unassign');
  }

  const emailError =
    server.message('email') ??
    form.error('email') ??
    (emailCheck === 'taken' ? t('errors.EMAIL_ALREADY_EXISTS') : undefined);

  return (
    <Stack gap="lg">
      <form id={server.formId} onSubmit={save} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('users.dialog.username')}
              description={user ? undefined : t('users.dialog.usernameHelp')}
              autoComplete="off"
              withAsterisk={!user}
              readOnly={user !== null}
              variant={user ? 'filled' : 'default'}
              data-autofocus={user ? undefined : true}
              {...text('username', USERNAME_MAX)}
            />
            <TextInput
              label={t('users.dialog.email')}
              type="email"
              autoComplete="off"
              withAsterisk
              {...text('email', EMAIL_MAX)}
              onBlur={() => form.touch('email')}
              error={emailError}
              description={emailCheck === 'checking' ? t('users.dialog.checkingEmail') : undefined}
              aria-invalid={emailError !== undefined}
            />
            <TextInput label={t('users.dialog.firstName')} autoComplete="off" {...text('firstName', NAME_MAX)} />
            <TextInput label={t('users.dialog.lastName')} autoComplete="off" {...text('lastName', NAME_MAX)} />
            <TextInput label={t('users.dialog.phone')} type="tel" autoComplete="off" {...text('phone', PHONE_MAX)} />
            <Select
              label={t('users.dialog.language')}
              data={locales.map((locale) => ({ value: locale, label: t(`common.languages.${locale}`) }))}
              value={form.values.userLocale}
              onChange={(value) => value && form.setField('userLocale', value as Locale)}
              allowDeselect={false}
            />
            <Select
              label={t('users.dialog.role')}
              withAsterisk
              data={roleChoices.map((role) => ({ value: role, label: t(`common.roles.${role}`) }))}
              value={form.values.role}
              onChange={(value) => {
                const role = roleChoices.find((choice) => choice === value);
                if (role) form.setField('role', role);
                server.clear('role');
              }}
              error={server.message('role') ?? form.error('role')}
              allowDeselect={false}
            />
          </SimpleGrid>
          {assignsBuildings(form.values.role) ? (
            <MultiSelect
              label={t('users.dialog.buildings')}
              description={
                form.values.buildingIds.length === 0 ? t('users.dialog.noBuilding') : t('users.dialog.buildingsHelp')
              }
              data={buildings.map((building) => ({ value: building.id, label: building.name }))}
              value={form.values.buildingIds}
              onChange={(ids) => form.setField('buildingIds', ids)}
              searchable
              clearable
              hidePickedOptions
              nothingFoundMessage={t('users.list.noMatch')}
              data-testid="user-buildings"
            />
          ) : (
            <Alert color="gray" variant="light">
              {t('users.dialog.wholeCompany')}
            </Alert>
          )}
          {user && (
            <Switch
              label={t('users.dialog.blocked')}
              description={t('users.dialog.blockedHelp')}
              checked={form.values.blocked}
              onChange={(event) => form.setField('blocked', event.currentTarget.checked)}
            />
          )}
          <DialogButtons onCancel={() => onClose(false)} saving={saving} />
        </Stack>
      </form>
      {user && <UserPasswordSection user={user} />}
    </Stack>
  );
}
