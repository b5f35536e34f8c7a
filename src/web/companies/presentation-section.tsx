import { useRef } from 'react';
import { Button, Group } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation, type KeyUnder } from '../i18n';
import { emptyPresentation } from '../../shared/schemas/company';
import { TextareaField, useCompanyForm } from './fields';
import { EmptySection, focusLater, FormSection } from './form-section';

const FIELDS = ['highlights', 'products', 'market', 'management'] as const;

/** docs/SPEC.md §2 presentation: four text areas, or nothing until added; removing sends no presentation. */
export function PresentationSection() {
  const { t } = useTranslation();
  const form = useCompanyForm();
  const presentation = useWatch({ control: form.control, name: 'presentation' });
  const heading = useRef<HTMLHeadingElement>(null);
  const p = (key: KeyUnder<'companies.form.presentation'>) => t(`companies.form.presentation.${key}`);
  const set = (value: ReturnType<typeof emptyPresentation> | null) =>
    form.setValue('presentation', value, { shouldDirty: true, shouldValidate: true });

  return (
    <FormSection title={t('companies.form.sections.presentation')} headingRef={heading}>
      {presentation ? (
        <>
          {FIELDS.map((field) => (
            <TextareaField key={field} name={`presentation.${field}`} label={p(field)} />
          ))}
          <Group justify="flex-end">
            <Button
              variant="subtle"
              color="red.9"
              c="red.9"
              onClick={() => {
                set(null);
                focusLater(heading);
              }}
            >
              {p('remove')}
            </Button>
          </Group>
        </>
      ) : (
        <EmptySection
          text={p('empty')}
          addLabel={p('add')}
          onAdd={() => {
            set(emptyPresentation());
            requestAnimationFrame(() => form.setFocus('presentation.highlights'));
          }}
        />
      )}
    </FormSection>
  );
}
