import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  DOCUMENT_BODY_MAX,
  DOCUMENT_TITLE_MAX,
  type BuildingDocument,
  type DocumentCreate,
  checkInPersonTypes,
  documentCreateSchema,
  documentKinds,
  signMethods,
} from '@vestibule/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, DialogActions } from '../../components/AppDialog.tsx';
import { MarkdownText } from '../../components/MarkdownText.tsx';
import { useSchemaForm } from '../../form/useSchemaForm.ts';

interface DocumentValues {
  kind: string;
  title: string;
  visitorTypes: string[];
  signMethod: string;
  active: boolean;
  sortOrder: number;
  body: string;
}

function documentValues(document: BuildingDocument | null, nextOrder: number): DocumentValues {
  return {
    kind: document?.kind ?? 'NDA',
    title: document?.title ?? '',
    visitorTypes: document ? [...document.visitorTypes] : ['VISITOR'],
    signMethod: document?.signMethod ?? 'DRAW',
    active: document?.active ?? true,
    sortOrder: document?.sortOrder ?? nextOrder,
    body: document?.currentVersion.body ?? '',
  };
}

interface DocumentDialogProps {
  opened: boolean;
  /** The document to edit; null adds one. */
  document: BuildingDocument | null;
  /** The order a new document gets (after the others). */
  nextOrder: number;
  /**
   * Saves: a new document with its first version, or an edit (its settings; a changed text is a
   * new version). The dialog closes whatever the answer.
   */
  onSave: (input: DocumentCreate, document: BuildingDocument | null) => Promise<void>;
  onClose: () => void;
}

/** Add or edit a signed document: its settings and its text, with the text's preview beside it. */
export function DocumentDialog({ opened, document, nextOrder, onSave, onClose }: DocumentDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={t(document ? 'buildings.documents.editTitle' : 'buildings.documents.addTitle')}
      size={1000}
      data-testid="document-dialog"
    >
      {opened && <DocumentForm document={document} nextOrder={nextOrder} onSave={onSave} onClose={onClose} />}
    </AppDialog>
  );
}

function DocumentForm({ document, nextOrder, onSave, onClose }: Omit<DocumentDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const form = useSchemaForm<DocumentValues, DocumentCreate>(documentCreateSchema, documentValues(document, nextOrder));
  const saving = useRef(false);
  const [pending, setPending] = useState(false);
  const { values, setField } = form;
  // A changed text is published as the next version: visitors sign again.
  const publishes = document !== null && values.body.trim() !== document.currentVersion.body.trim();
  const nextVersion = (document?.currentVersion.version ?? 0) + 1;

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.onSubmit(async (input) => {
      if (saving.current) return;
      saving.current = true;
      setPending(true);
      try {
        await onSave(input, document);
      } finally {
        saving.current = false;
        setPending(false);
        onClose();
      }
    })(event);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            id="document-title"
            label={t('buildings.documents.fields.title')}
            withAsterisk
            aria-required
            data-autofocus
            maxLength={DOCUMENT_TITLE_MAX}
            value={values.title}
            onChange={(event) => setField('title', event.currentTarget.value)}
            onBlur={() => form.touch('title')}
            error={form.error('title')}
          />
          <Select
            id="document-kind"
            label={t('buildings.documents.fields.kind')}
            withAsterisk
            aria-required
            data={documentKinds.map((kind) => ({ value: kind, label: t(`buildings.documents.kinds.${kind}`) }))}
            value={values.kind}
            onChange={(value) => setField('kind', value ?? 'OTHER')}
            allowDeselect={false}
            error={form.error('kind')}
          />
        </SimpleGrid>
        <Checkbox.Group
          id="document-visitorTypes"
          label={t('buildings.documents.fields.personTypes')}
          description={t('buildings.documents.fields.personTypesHelp')}
          withAsterisk
          value={values.visitorTypes}
          onChange={(types) => setField('visitorTypes', types)}
          error={form.error('visitorTypes')}
        >
          <Group gap="md" mt={4}>
            {checkInPersonTypes.map((type) => (
              <Checkbox key={type} value={type} label={t(`buildings.personTypes.${type}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Radio.Group
          id="document-signMethod"
          label={t('buildings.documents.fields.signMethod')}
          value={values.signMethod}
          onChange={(method) => setField('signMethod', method)}
        >
          <Group gap="lg" mt={4}>
            {signMethods.map((method) => (
              <Radio key={method} value={method} label={t(`buildings.documents.signMethods.${method}`)} />
            ))}
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            id="document-sortOrder"
            label={t('buildings.documents.fields.sortOrder')}
            description={t('buildings.documents.fields.sortOrderHelp')}
            min={0}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            value={values.sortOrder}
            onChange={(value) => setField('sortOrder', typeof value === 'number' ? value : 0)}
            error={form.error('sortOrder')}
          />
          <Switch
            id="document-active"
            mt="lg"
            label={t('buildings.documents.fields.active')}
            checked={values.active}
            onChange={(event) => setField('active', event.currentTarget.checked)}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Textarea
            id="document-body"
            label={t('buildings.documents.fields.body')}
            description={t('buildings.documents.fields.bodyHelp')}
            withAsterisk
            aria-required
            autosize
            minRows={12}
            maxRows={24}
            maxLength={DOCUMENT_BODY_MAX}
            value={values.body}
            onChange={(event) => setField('body', event.currentTarget.value)}
            onBlur={() => form.touch('body')}
            error={form.error('body')}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Stack gap={4} role="region" aria-label={t('buildings.documents.fields.preview')}>
            <Text size="sm" fw={500}>
              {t('buildings.documents.fields.preview')}
            </Text>
            <MarkdownText
              data-testid="document-preview"
              empty={
                <Text size="sm" c="dimmed">
                  {t('buildings.documents.fields.previewEmpty')}
                </Text>
              }
            >
              {values.body}
            </MarkdownText>
          </Stack>
        </SimpleGrid>
        {publishes && (
          <Alert color="yellow" data-testid="document-publish-notice">
            {t('buildings.documents.publishNotice', { version: nextVersion })}
          </Alert>
        )}
        <DialogActions>
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {publishes ? t('buildings.documents.publish', { version: nextVersion }) : t('common.save')}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
