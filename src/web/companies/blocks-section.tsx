import { Button, Fieldset, Group } from '@mantine/core';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation, type KeyUnder } from '../i18n';
import type { BlockType } from '../../shared/companies';
import { TextareaField, useCompanyForm } from './fields';
import { RemoveRowButton, RowsSection } from './form-section';

/**
 * docs/SPEC.md §2 blocks: notes and defaults of payment, each a free text, in the order the user chooses
 * with up and down (saved in that order).
 */
export function BlocksSection() {
  const { t } = useTranslation();
  const form = useCompanyForm();
  const blocks = useFieldArray({ control: form.control, name: 'blocks', keyName: 'key' });
  const types = useWatch({ control: form.control, name: 'blocks' });
  const b = (key: KeyUnder<'companies.form.blocks'>) => t(`companies.form.blocks.${key}`);
  const add = (blockType: BlockType) => blocks.append({ blockType, content: '' }, { shouldFocus: true });
  const last = blocks.fields.length - 1;

  /** Moving re-inserts the block's element, which drops the focus: give it back to the same control. */
  const move = (index: number, to: number, direction: 'up' | 'down') => {
    const key = blocks.fields[index]?.key;
    blocks.move(index, to);
    requestAnimationFrame(() => {
      const block = document.querySelector(`[data-block="${key}"]`);
      const button =
        block?.querySelector<HTMLButtonElement>(`[data-move="${direction}"]:not(:disabled)`) ??
        block?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
      button?.focus();
    });
  };

  return (
    <RowsSection
      part="blocks"
      count={blocks.fields.length}
      adds={[
        { label: 'companies.form.blocks.addNotes', onAdd: () => add('notes') },
        { label: 'companies.form.blocks.addDefaultOfPayment', onAdd: () => add('defaultOfPayment') },
      ]}
    >
      {blocks.fields.map((field, index) => {
        const blockType = types?.[index]?.blockType ?? field.blockType;
        const legend = t('companies.form.blocks.numbered', {
          number: index + 1,
          type: t(`companies.form.blocks.types.${blockType}`),
        });
        return (
          <Fieldset key={field.key} legend={legend} data-block={field.key}>
            <TextareaField name={`blocks.${index}.content`} label={b('content')} />
            <Group justify="flex-end" mt="sm" gap="xs">
              <Button
                variant="default"
                data-move="up"
                disabled={index === 0}
                onClick={() => move(index, index - 1, 'up')}
              >
                {b('moveUp')}
              </Button>
              <Button
                variant="default"
                data-move="down"
                disabled={index === last}
                onClick={() => move(index, index + 1, 'down')}
              >
                {b('moveDown')}
              </Button>
              <RemoveRowButton label={b('remove')} onRemove={() => blocks.remove(index)} />
            </Group>
          </Fieldset>
        );
      })}
    </RowsSection>
  );
}
