import { Button, Stack, Table, Text, Title } from '@mantine/core';
import type { VisitDetail } from '@vestibule/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../../format/useDateTimeFormat.ts';
import { SignedDocumentDialog } from './SignedDocumentDialog.tsx';

/** The documents the visitor signed at check-in, each viewable and printable as signed. */
export function SignedDocumentsSection({ visit }: { visit: VisitDetail }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const [open, setOpen] = useState<string | null>(null);
  const signatures = visit.signatures ?? [];
  return (
    <Stack gap="xs" data-testid="signed-documents">
      <Title order={3} size="h5">
        {t('entryLog.detail.signatures.title')}
      </Title>
      {signatures.length === 0 ? (
        <Text size="sm">{t('entryLog.detail.signatures.none')}</Text>
      ) : (
        <Table withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('entryLog.detail.signatures.document')}</Table.Th>
              <Table.Th>{t('entryLog.detail.signatures.version')}</Table.Th>
              <Table.Th>{t('entryLog.detail.signatures.when')}</Table.Th>
              <Table.Th>{t('entryLog.detail.signatures.method')}</Table.Th>
              <Table.Th>{t('entryLog.detail.signatures.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {signatures.map((signature) => (
              <Table.Tr key={signature.id}>
                <Table.Td>{signature.title}</Table.Td>
                <Table.Td>{t('buildings.documents.versionNumber', { version: signature.version })}</Table.Td>
                <Table.Td>{format.dateTimeIn(signature.signedAt, visit.timeZoneId)}</Table.Td>
                <Table.Td>{t(`buildings.documents.signMethods.${signature.method}`)}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={t('entryLog.detail.signatures.view', { title: signature.title })}
                    onClick={() => setOpen(signature.id)}
                  >
                    {t('entryLog.detail.signatures.viewShort')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {open && <SignedDocumentDialog signatureId={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
