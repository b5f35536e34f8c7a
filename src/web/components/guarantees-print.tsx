import { Text, Title } from '@mantine/core';
import type { Locale } from '../../shared/constants';
import { formatDay, formatMoney, formatPercentValue } from '../../shared/intl';
import { useLoanGuarantees } from '../api/guarantees';
import { useTranslationIn } from '../i18n';

/*
 * A loan's guarantees as the printed company file and the statement of account list them (docs/decisions/0072):
 * one line each — kind, guarantor, what it secures, registration, expiry, state — in the document's language.
 */
export function GuaranteesPrint({
  companyId,
  contributionId,
  locale,
  headingId,
}: {
  companyId: string;
  contributionId: string;
  locale: Locale;
  headingId: string;
}) {
  const t = useTranslationIn(locale, ['guarantees']);
  const list = useLoanGuarantees(companyId, contributionId);
  const guarantees = list.data?.guarantees ?? [];
  const day = (value: string) => formatDay(value, locale) ?? value;
  return (
    <section aria-labelledby={headingId}>
      <Title order={4} size="h5" id={headingId}>
        {t('guarantees.print.title')}
      </Title>
      {list.data && guarantees.length === 0 && <Text size="sm">{t('guarantees.print.none')}</Text>}
      {guarantees.length > 0 && (
        <ul>
          {guarantees.map((g) => {
            const parts = [
              t(`guarantees.kind.${g.kind}`),
              g.guarantorName,
              g.amount !== null
                ? formatMoney(g.amount, locale)
                : g.sharePercent !== null
                  ? formatPercentValue(g.sharePercent, locale)
                  : null,
              g.registry !== 'none'
                ? `${t(`guarantees.registry.${g.registry}`)}${g.registrationNumber ? ` ${g.registrationNumber}` : ''}`
                : null,
              g.expiresOn ? `${t('guarantees.fields.expiresOn')} ${day(g.expiresOn)}` : null,
              t(`guarantees.state.${g.state}`),
            ];
            return <li key={g.id}>{parts.filter(Boolean).join(' — ')}</li>;
          })}
        </ul>
      )}
    </section>
  );
}
