import { Table, Text, Title } from '@mantine/core';
import type { Locale } from '../../shared/constants';
import { OUTSIDE_PIPELINE_FIGURES, type OutsidePipelineFigures } from '../../shared/decisions/report';
import { formatMoney, numberFormat } from '../../shared/intl';
import { useTranslation } from '../i18n';

/**
 * The fund activity report's loans outside the pipeline (docs/decisions/0066), apart from its other figures: a line
 * saying what is counted, then each figure.
 */
export function OutsidePipelineSection({ figures }: { figures: OutsidePipelineFigures }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  return (
    <section aria-labelledby="report-outside-pipeline" data-testid="report-outside-pipeline">
      <Title order={3} size="h4" mt="md" mb="xs" id="report-outside-pipeline">
        {t('decisions.report.title')}
      </Title>
      <Text size="sm" c="gray.7" mb="xs">
        {t('decisions.report.explanation')}
      </Text>
      <Table striped>
        <Table.Tbody>
          {OUTSIDE_PIPELINE_FIGURES.map(([key, kind]) => (
            <Table.Tr key={key}>
              <Table.Th scope="row" fw={400}>
                {t(`decisions.report.figures.${key}`)}
              </Table.Th>
              <Table.Td style={{ textAlign: 'right' }}>
                {kind === 'money' ? formatMoney(figures[key], locale) : numberFormat(locale).format(figures[key])}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
