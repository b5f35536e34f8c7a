import { useState } from 'react';
import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { Locale } from '../../shared/constants';
import { formatDay, formatInstant, formatMoney } from '../../shared/intl';
import { todayIso } from '../../shared/portfolio/schedule';
import { addMonths } from '../../shared/servicing/calendar';
import { downloadFile } from '../api/client';
import { ScrollTable } from '../components/scroll-table';
import { reportError } from '../components/server-errors';
import { PageLoader } from '../components/status-pages';
import { useTranslation } from '../i18n';
import { useControlsReport } from './api';

/** "Journal des contrôles": a period's controlled moves and the loans created outside the pipeline, and its CSV. */
export default function JournalPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const today = todayIso();
  const [draft, setDraft] = useState({ from: addMonths(today, -1), to: today });
  const [period, setPeriod] = useState<{ from: string; to: string } | null>(draft);
  const report = useControlsReport(period);
  const money = (value: number | null) => (value === null ? '—' : formatMoney(value, locale));
  const csv = async () => {
    try {
      if (period) await downloadFile('/reports/controls.csv', period, locale);
    } catch (error) {
      reportError(error);
    }
  };
  return (
    <Stack>
      <Title order={1}>{t('controls.journal.title')}</Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setPeriod({ ...draft });
        }}
      >
        <Group align="end">
          <TextInput
            type="date"
            label={t('controls.journal.from')}
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('controls.journal.to')}
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
          />
          <Button type="submit">{t('controls.journal.show')}</Button>
          <Button variant="default" onClick={() => void csv()} disabled={!period}>
            {t('controls.journal.csv')}
          </Button>
        </Group>
      </form>
      {report.isPending ? (
        <PageLoader />
      ) : report.isError ? (
        <Text role="alert">{report.error.message}</Text>
      ) : (
        <>
          <Title order={2}>{t('controls.journal.moves')}</Title>
          {report.data.moves.length === 0 ? (
            <Text>{t('controls.journal.noMoves')}</Text>
          ) : (
            <ScrollTable>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('controls.journal.columns.insertedAt')}</Table.Th>
                    <Table.Th>{t('controls.journal.columns.kind')}</Table.Th>
                    <Table.Th>{t('controls.journal.columns.state')}</Table.Th>
                    <Table.Th>{t('controls.journal.columns.loan')}</Table.Th>
                    <Table.Th>{t('controls.journal.columns.amount')}</Table.Th>
                    <Table.Th>{t('controls.journal.columns.maker')}</Table.Th>
                    <Table.Th>{t('controls.journal.columns.decidedBy')}</Table.Th>
                    <Table.Th>{t('controls.journal.columns.reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.data.moves.map((move) => (
                    <Table.Tr key={move.id}>
                      <Table.Td>{formatInstant(move.insertedAt, locale)}</Table.Td>
                      <Table.Td>{t(`controls.kind.${move.kind}`)}</Table.Td>
                      <Table.Td>{t(`controls.state.${move.state}`)}</Table.Td>
                      <Table.Td>
                        {move.loanNumber ? `${move.loanNumber} (${move.companyName})` : move.fundName}
                      </Table.Td>
                      <Table.Td>{money(move.amount)}</Table.Td>
                      <Table.Td>{move.makerName ?? '—'}</Table.Td>
                      <Table.Td>
                        {move.decidedByName ?? '—'}
                        {move.decidedAt ? ` · ${formatInstant(move.decidedAt, locale)}` : ''}
                      </Table.Td>
                      <Table.Td>{move.reason ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
          <Title order={2}>{t('controls.journal.outside')}</Title>
          {report.data.outsidePipelineLoans.length === 0 ? (
            <Text>{t('controls.journal.noOutside')}</Text>
          ) : (
            <ScrollTable>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('controls.journal.columns.insertedAt')}</Table.Th>
                    <Table.Th>{t('controls.journal.columns.company')}</Table.Th>
                    <Table.Th>{t('controls.journal.columns.loan')}</Table.Th>
                    <Table.Th>{t('controls.journal.columns.fund')}</Table.Th>
                    <Table.Th>{t('controls.journal.columns.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.data.outsidePipelineLoans.map((loan) => (
                    <Table.Tr key={loan.contributionId}>
                      <Table.Td>{formatDay(loan.insertedAt.slice(0, 10), locale)}</Table.Td>
                      <Table.Td>{loan.companyName}</Table.Td>
                      <Table.Td>{loan.loanNumber}</Table.Td>
                      <Table.Td>{loan.fundName}</Table.Td>
                      <Table.Td>{money(loan.amount)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </>
      )}
    </Stack>
  );
}
