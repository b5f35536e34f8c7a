import { Stack, Text } from '@mantine/core';
import type { Locale } from '../../shared/constants';
import { formatDay, formatMoney, formatPercentValue } from '../../shared/intl';
import type { Lookup } from '../../shared/companies';
import type { Meeting } from '../../shared/schemas/pipeline-answers';
import { useLookup } from '../api/lookups';
import { useTranslation, type KeyUnder } from '../i18n';

type Decision = NonNullable<Meeting['agenda'][number]['decision']>;

/** Amounts per fund in one line: "FLI 50 000,00 $ · FLS 20 000,00 $". */
export const amountsText = (amounts: readonly { fundName: string; amount: number }[], locale: Locale) =>
  amounts.map((a) => `${a.fundName} ${formatMoney(a.amount, locale)}`).join(' · ');

/** A recorded decision as the meeting page and the minutes both show it: outcome, resolution, terms, conditions. */
export function DecisionSummary({ decision }: { decision: Decision }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const warranties = useLookup<Lookup>('/warranties');
  const mt = (key: KeyUnder<'committee.meeting'>, params?: Record<string, unknown>) =>
    t(`committee.meeting.${key}`, params);
  const warranty = decision.warrantyId ? warranties.data?.find((w) => w.id === decision.warrantyId)?.name : null;
  return (
    <Stack gap={4}>
      <Text fw={600}>
        {mt('decisionTitle', {
          outcome: t(`pipeline.outcome.${decision.outcome}`),
          resolution: decision.resolutionNumber,
        })}
      </Text>
      <Text size="sm">
        {mt('votesAtDecision', {
          for: decision.votesFor,
          against: decision.votesAgainst,
          abstain: decision.votesAbstain,
        })}
      </Text>
      {decision.missingVoters.length > 0 && (
        <Text size="sm" fw={600}>
          {t(
            decision.missingVoters.length === 1
              ? 'analyst.committee.missingVotersOne'
              : 'analyst.committee.missingVotersMany',
            { names: decision.missingVoters.join(', ') },
          )}
        </Text>
      )}
      {decision.refusalReason && (
        <Text size="sm">{t('analyst.committee.minutesReason', { reason: decision.refusalReason })}</Text>
      )}
      {decision.amounts.length > 0 && (
        <Text size="sm">{t('committee.minutes.amounts', { amounts: amountsText(decision.amounts, locale) })}</Text>
      )}
      {decision.rate !== null && decision.amortization !== null && (
        <Text size="sm">
          {mt('terms', {
            rate: formatPercentValue(decision.rate, locale),
            amortization: decision.amortization,
            moratorium: decision.moratorium ?? 0,
          })}
        </Text>
      )}
      {warranty && <Text size="sm">{mt('warrantyOf', { warranty })}</Text>}
      {decision.conditions.length > 0 && (
        <>
          <Text size="sm">{t('committee.minutes.conditions')}</Text>
          <Stack gap={2} component="ol" style={{ paddingLeft: '1.4em', margin: 0 }}>
            {decision.conditions.map((condition) => {
              const params = {
                text: condition.text,
                kind: t(`pipeline.conditionKind.${condition.kind}`),
                due: condition.dueDate ? formatDay(condition.dueDate, locale) : '',
                status: t(`pipeline.conditionStatus.${condition.status}`),
              };
              return (
                <Text key={condition.id} size="sm" component="li">
                  {mt(condition.dueDate ? 'conditionLine' : 'conditionLineNoDue', params)}
                </Text>
              );
            })}
          </Stack>
        </>
      )}
    </Stack>
  );
}
