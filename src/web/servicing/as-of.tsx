import { useEffect } from 'react';
import { Button, Group } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { todayIso } from '../../shared/portfolio/schedule';
import { requiredDate } from '../../shared/schemas/company-fields';
import { DayInput } from '../components/day-input';
import { useTranslation } from '../i18n';
import printable from '../components/printable.module.css';

const asOfSchema = z.object({ asOf: requiredDate() });

/**
 * The day a loan's screens show it as of: `?as_of=YYYY-MM-DD` in the address (so it survives a reload and goes
 * with a link from the loan to its schedule or statement), none meaning today as the server counts it.
 */
export function useAsOf(): [string | null, (day: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('as_of');
  const asOf = value && asOfSchema.safeParse({ asOf: value }).success ? value : null;
  const set = (day: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (day && day !== todayIso()) next.set('as_of', day);
        else next.delete('as_of');
        return next;
      },
      { replace: true },
    );
  return [asOf, set];
}

/** Chooses the day the figures are computed for; a day typed in full applies at once, Today goes back. */
export function AsOfField() {
  const { t } = useTranslation();
  const [asOf, setAsOf] = useAsOf();
  const form = useForm({ mode: 'all', resolver: zodResolver(asOfSchema), defaultValues: { asOf: asOf ?? todayIso() } });
  const typed = useWatch({ control: form.control, name: 'asOf' }) as string;
  useEffect(() => {
    if (typed !== (asOf ?? todayIso()) && asOfSchema.safeParse({ asOf: typed }).success) setAsOf(typed);
  }, [typed, asOf, setAsOf]);
  return (
    <Group align="flex-end" gap="sm" className={printable.noPrint}>
      <div style={{ maxWidth: '22rem', flex: '1 1 16rem' }}>
        <DayInput form={form} name="asOf" label={t('servicing.loan.asOf')} />
      </div>
      <Button
        variant="default"
        disabled={asOf === null}
        onClick={() => {
          form.setValue('asOf', todayIso(), { shouldValidate: true });
          setAsOf(null);
        }}
      >
        {t('servicing.loan.today')}
      </Button>
    </Group>
  );
}
