import { Button, Fieldset, Group, SimpleGrid, Text } from '@mantine/core';
import { useFieldArray } from 'react-hook-form';
import { useTranslation, type KeyUnder } from '../i18n';
import { emptyFinancialStatement } from '../../shared/schemas/company';
import { NumberField, TextField, useCompanyForm } from './fields';
import { RemoveRowButton, RowsSection } from './form-section';
import { STATEMENT_NUMBER_FIELDS } from './form-values';

/**
 * Which statement the pager shows, counted from the newest (0). The form keeps statements in the
 * API's order, oldest first (docs/SPEC.md §9), so a new one is appended and yet shown first.
 */
export const statementIndexOfView = (view: number, count: number) => count - 1 - view;
export const statementViewOfIndex = (index: number, count: number) => count - 1 - index;

/** docs/SPEC.md §2 financial statements: one at a time with previous/next, newest first; each can be removed. */
export function StatementsSection({ view, onViewChange }: { view: number; onViewChange: (view: number) => void }) {
  const { t } = useTranslation();
  const form = useCompanyForm();
  const statements = useFieldArray({ control: form.control, name: 'financialStatements', keyName: 'key' });
  const count = statements.fields.length;
  // The view may point past the end after a removal: show the nearest one.
  const shown = Math.min(Math.max(0, view), Math.max(0, count - 1));
  const index = statementIndexOfView(shown, count);
  const field = statements.fields[index];
  const s = (key: KeyUnder<'companies.form.financialStatements'>) => t(`companies.form.financialStatements.${key}`);

  const add = () => {
    statements.append(emptyFinancialStatement(), { shouldFocus: false });
    onViewChange(0);
    // The new statement's inputs exist once the pager has moved to it.
    requestAnimationFrame(() => form.setFocus(`financialStatements.${count}.year`));
  };
  const remove = () => {
    statements.remove(index);
    onViewChange(Math.min(shown, Math.max(0, count - 2)));
  };
  const position = t('companies.form.financialStatements.position', { current: shown + 1, total: count });

  return (
    <RowsSection
      part="financialStatements"
      count={count}
      adds={[{ label: 'companies.form.financialStatements.add', onAdd: add }]}
    >
      {field && (
        <>
          <Group justify="space-between" role="group" aria-label={t('companies.form.financialStatements.pager')}>
            <Button variant="default" disabled={shown === 0} onClick={() => onViewChange(shown - 1)}>
              {s('previous')}
            </Button>
            <Text aria-live="polite" fw={500}>
              {position}
            </Text>
            <Button variant="default" disabled={shown >= count - 1} onClick={() => onViewChange(shown + 1)}>
              {s('next')}
            </Button>
          </Group>
          {/* Keyed by the statement, so paging shows that statement's own inputs. */}
          <Fieldset key={field.key} legend={position}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              <TextField
                name={`financialStatements.${index}.year`}
                label={s('year')}
                inputMode="numeric"
                maxLength={4}
              />
              {STATEMENT_NUMBER_FIELDS.map(([name, kind]) => (
                <NumberField key={name} name={`financialStatements.${index}.${name}`} label={s(name)} kind={kind} />
              ))}
            </SimpleGrid>
            <Group justify="flex-end" mt="sm">
              <RemoveRowButton label={s('remove')} onRemove={remove} />
            </Group>
          </Fieldset>
        </>
      )}
    </RowsSection>
  );
}
