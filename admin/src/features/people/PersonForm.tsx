import { Stack } from '@mantine/core';
import { type Person, type PersonInput, personInputSchema } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/apiClient.ts';
import { DialogButtons } from '../../components/DialogButtons.tsx';
import { useSchemaForm } from '../../form/useSchemaForm.ts';
import { useServerFieldErrors } from '../../form/useServerFieldErrors.ts';
import { currentLocale } from '../locale/index.ts';
import { messageFromError, notifications } from '../notifications/index.ts';
import { useSession } from '../session/index.ts';
import { PersonAccessFields } from './PersonAccessFields.tsx';
import { PersonIdentityFields } from './PersonIdentityFields.tsx';
import { PersonPinFields } from './PersonPinFields.tsx';
import {
  type PersonField,
  type PersonFormParts,
  type PersonValues,
  newPersonValues,
  personFields,
  personInput,
  personValues,
} from './personForm.ts';

/** The building a new person starts in: the only one, else the user's favourite, else none yet. */
function startBuilding(buildings: readonly { id: string }[], favourite: string | null | undefined): string {
  if (buildings.length === 1) return buildings[0]?.id ?? '';
  return buildings.find((building) => building.id === favourite)?.id ?? '';
}

/**
 * The person's fields, checked by the shared input schema for both an addition and a change: the
 * cross-field rules (an employee's default duration, the validity's order) apply to the person as
 * it will be, as the server checks them. Its refusals go on their fields.
 */
export function PersonForm(props: { person: Person | null; onClose: (changed: boolean) => void }) {
  const { person, onClose } = props;
  const { t } = useTranslation();
  const buildings = useSession((state) => state.buildings);
  const favourite = useSession((state) => state.user?.favouriteBuildingId);
  const start = person ? personValues(person) : newPersonValues(currentLocale(), startBuilding(buildings, favourite));
  const form = useSchemaForm<PersonValues, PersonInput>(
    personInputSchema,
    start,
    {
      validTo: (issue) => (issue.code === 'custom' ? t('people.dialog.validToOrder') : undefined),
      pinCode: () => t('people.dialog.pinFormat'),
    },
    personInput,
  );
  const server = useServerFieldErrors<PersonField>(personFields, {
    PEOPLE_DUPLICATED_EXTERNAL_ID: 'externalId',
    PEOPLE_DEFAULT_DURATION_REQUIRED: 'defaultDuration',
    PEOPLE_VALID_TO_BEFORE_VALID_FROM: 'validTo',
  });
  const [saving, setSaving] = useState(false);
  const parts: PersonFormParts = { form, server };

  const save = form.onSubmit(async (data) => {
    setSaving(true);
    notifications.clearBanners();
    try {
      if (person) {
        await api.call('PATCH /person/:id', { params: { id: person.id }, body: data });
        notifications.showSuccess({ key: 'common.SAVED_SUCCESSFULLY' });
      } else {
        await api.call('POST /person', { body: data });
        notifications.showSuccess({ key: 'people.dialog.CREATED' });
      }
      onClose(true);
    } catch (error) {
      if (!server.place(error)) notifications.showError(messageFromError(error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <form id={server.formId} onSubmit={save} noValidate>
      <Stack gap="md">
        <PersonIdentityFields {...parts} autoFocus={person === null} />
        <PersonAccessFields {...parts} currentBuilding={person?.building ?? null} />
        <PersonPinFields {...parts} hasPin={person?.hasPin ?? false} editing={person !== null} />
        <DialogButtons onCancel={() => onClose(false)} saving={saving} />
      </Stack>
    </form>
  );
}
