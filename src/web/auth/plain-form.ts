import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { PlainErrors, PlainResult } from '../../shared/schemas/plain-checks';
import { translateMessage } from '../i18n';

type Values<T> = { [K in keyof T]: string };

/**
 * The signed-out forms of the first load (sign-in, forgot password, resend invitation) without
 * react-hook-form and zod (docs/decisions/0010), with the behaviour of the other forms (`mode: 'all'`
 * and `fieldError`): checked on every change, blur and submit; a field's message shows once the field was
 * left or the form submitted; a refused submit focuses the first field in error; the submit receives
 * the checked values (the email trimmed and lower-cased), as the schemas give them.
 */
export function usePlainForm<T extends Values<T>>(defaultValues: T, check: (values: T) => PlainResult<T>) {
  const [values, setValues] = useState<T>(defaultValues);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef(new Map<keyof T, HTMLInputElement>());
  const errors: PlainErrors<T> = check(values).errors ?? {};

  return {
    register: (name: keyof T & string) => ({
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { value } = event.currentTarget;
        setValues((current) => ({ ...current, [name]: value }));
      },
      onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
      ref: (input: HTMLInputElement | null) => {
        if (input) inputs.current.set(name, input);
        else inputs.current.delete(name);
      },
    }),
    error: (name: keyof T): string | undefined =>
      touched[name] || submitted ? translateMessage(errors[name]) : undefined,
    handleSubmit: (onValid: (data: T) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitted(true);
      const result = check(values);
      if (result.data !== undefined) return onValid(result.data);
      const failed: PlainErrors<T> = result.errors ?? {};
      const first = (Object.keys(values) as Array<keyof T>).find((name) => failed[name] !== undefined);
      if (first !== undefined) inputs.current.get(first)?.focus();
    },
  };
}
