import { Badge, Group, Text } from '@mantine/core';
import type { Company } from '../../shared/companies';
import { formatDay } from '../../shared/portfolio/ratios';
import { useTranslation } from '../i18n';

type Contribution = Company['financialContributions'][number];

/**
 * What authorized a loan (docs/decisions/0066), under its heading: a loan no committee decision created is marked
 * "outside the pipeline", with a line saying what that means and its resolution when one was typed; a loan a
 * decision created names the resolution.
 */
export function LoanAuthority({ contribution }: { contribution: Contribution | undefined }) {
  const { t, i18n } = useTranslation();
  if (!contribution) return null;
  const number = contribution.resolutionNumber;
  const date = contribution.resolutionDate ? formatDay(contribution.resolutionDate, i18n.language) : null;
  if (!contribution.outsidePipeline) {
    return number && date ? (
      <Text size="sm" data-testid="loan-authority">
        {t('decisions.outsidePipeline.decided', { number, date })}
      </Text>
    ) : null;
  }
  const resolution = number
    ? date
      ? t('decisions.outsidePipeline.resolution', { number, date })
      : t('decisions.outsidePipeline.resolutionNumberOnly', { number })
    : t('decisions.outsidePipeline.resolutionUnknown');
  return (
    <Group gap="sm" wrap="wrap" data-testid="loan-authority">
      {/* Filled: white words on a dark shade (≥ 4.5:1), as every badge of the app. */}
      <Badge variant="filled" color="grape.9" radius="sm">
        {t('decisions.outsidePipeline.badge')}
      </Badge>
      <Text size="sm">{t('decisions.outsidePipeline.explanation')}</Text>
      <Text size="sm" fw={600}>
        {resolution}
      </Text>
    </Group>
  );
}
