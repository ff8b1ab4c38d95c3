import { Divider, Stack } from '@mantine/core';
import type { Person } from '@vestibule/shared';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/AppDialog.tsx';
import { PersonForm } from './PersonForm.tsx';
import { PersonStats } from './PersonStats.tsx';
import { displayName } from './personForm.ts';

/**
 * Adds a person or edits one: every field of a person with its rule (the shared person schema);
 * an edited person's entries (today, yesterday, this week, this month) show below.
 */
export function PersonDialog(props: { person: Person | null; onClose: (changed: boolean) => void }) {
  const { person, onClose } = props;
  const { t } = useTranslation();
  return (
    <AppDialog
      opened
      onClose={() => onClose(false)}
      title={person ? t('people.dialog.editTitle', { name: displayName(person) }) : t('people.dialog.addTitle')}
      size="xl"
      data-testid="person-dialog"
    >
      <Stack gap="lg">
        <PersonForm person={person} onClose={onClose} />
        {person && (
          <>
            <Divider />
            <PersonStats personId={person.id} />
          </>
        )}
      </Stack>
    </AppDialog>
  );
}
