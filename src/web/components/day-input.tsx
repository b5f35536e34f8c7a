import { useState, type ReactNode } from 'react';
import { TextInput } from '@mantine/core';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { Locale } from '../../shared/constants';
import { useTranslation } from '../i18n';
import { useFieldControl } from './form';
import { formatDay, parseDay } from './day';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The text a form value shows: a day in the app's words, anything else (a half-typed day) as it is. */
const shown = (value: string, locale: Locale) =>
  ISO_DAY.test(value) && parseDay(value, locale) ? formatDay(value, locale) : value;

/**
 * A calendar-day field that reads and writes in the app's language, whatever the browser's is (docs/decisions/0017):
 * the form holds `YYYY-MM-DD`; the field shows "23 novembre 2026" and accepts "2026-11-23", "23/11/2026",
 * "23/11" or "20261123". What cannot be read stays in the field as typed and the form's rule says why.
 */
export function DayInput<T extends FieldValues>({
  form,
  name,
  label,
  required,
  note,
  readOnly,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
  /** What the date is, above the hint of how to type one. */
  note?: ReactNode;
  /** Shown and focusable, not changed (a decided term, docs/decisions/0066). */
  readOnly?: boolean;
}) {
  const { ref, field, error } = useFieldControl(form, name);
  return (
    <DayText
      label={label}
      required={required}
      note={note}
      readOnly={readOnly}
      name={field.name}
      inputRef={ref}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

function DayText({
  value,
  onChange,
  onBlur,
  inputRef,
  note,
  ...props
}: {
  note?: ReactNode;
  label: string;
  required?: boolean;
  readOnly?: boolean;
  name: string;
  error?: string;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  inputRef: React.Ref<HTMLInputElement>;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [text, setText] = useState(() => shown(value, locale));
  // The value the text stands for; a value set from outside (a reset) or a new language redraws the text.
  const [synced, setSynced] = useState({ value, locale });
  if (synced.value !== value || synced.locale !== locale) {
    setSynced({ value, locale });
    setText(shown(value, locale));
  }

  return (
    <TextInput
      {...props}
      ref={inputRef}
      value={text}
      autoComplete="off"
      description={
        note ? (
          <>
            <span style={{ display: 'block' }}>{note}</span>
            {t('dates.hint')}
          </>
        ) : (
          t('dates.hint')
        )
      }
      // Mantine's dimmed grey is 3.3:1 on white; the hint must be read (4.5:1).
      styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        const day = parseDay(typed, locale);
        // Unreadable text goes to the form as it is, so its rule reports it and nothing typed is lost.
        const next = day ?? typed.trim();
        setText(typed);
        setSynced({ value: next, locale });
        onChange(next);
      }}
      onBlur={() => {
        if (ISO_DAY.test(value) && parseDay(value, locale)) setText(formatDay(value, locale));
        onBlur();
      }}
    />
  );
}
