import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import type { ApprovalAnswer } from '../../shared/schemas/controls';
import { formatInstant, formatMoney } from '../../shared/intl';
import { formatDay } from '../../shared/intl';
import { reportError } from '../components/server-errors';
import { PageLoader } from '../components/status-pages';
import { toast } from '../components/toasts';
import { useTranslation } from '../i18n';
import type { Locale } from '../../shared/constants';
import { useApprovals, useDecision } from './api';

type Figures = NonNullable<ApprovalAnswer['before']>;

/** The loan's figures before → after the move, as the engine computes them. */
function BeforeAfter({ move, locale }: { move: ApprovalAnswer; locale: Locale }) {
  const { t } = useTranslation();
  if (!move.before || !move.after) return null;
  const money = (value: number | null) => (value === null ? '—' : formatMoney(value, locale));
  const next = (f: Figures) =>
    f.nextInstallmentDate ? `${formatDay(f.nextInstallmentDate, locale)} · ${money(f.nextInstallmentAmount)}` : '—';
  const rows: [string, string, string][] = [
    [t('controls.queue.outstanding'), money(move.before.outstandingPrincipal), money(move.after.outstandingPrincipal)],
    [t('controls.queue.arrears'), money(move.before.arrears), money(move.after.arrears)],
    [t('controls.queue.nextInstallment'), next(move.before), next(move.after)],
    [t('controls.queue.authorized'), money(move.before.authorizedAmount), money(move.after.authorizedAmount)],
  ];
  return (
    <Table withTableBorder aria-label={t('controls.queue.figures')}>
      <Table.Caption c="gray.8">{t('controls.queue.figures')}</Table.Caption>
      <Table.Tbody>
        {rows.map(([label, before, after]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row">{label}</Table.Th>
            <Table.Td>
              {before} → {after}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function MoveCard({ move, onReject }: { move: ApprovalAnswer; onReject: (move: ApprovalAnswer) => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const decision = useDecision();
  const act = async (action: 'approve' | 'cancel') => {
    try {
      await decision.mutateAsync({ id: move.id, action });
      toast('success', t(action === 'approve' ? 'controls.queue.approved' : 'controls.queue.cancelled'));
    } catch (error) {
      reportError(error);
    }
  };
  const title = `${t(`controls.kind.${move.kind}`)} · ${formatMoney(move.amount, locale)}`;
  return (
    <Card withBorder component="article" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Badge
            variant="light"
            color={move.state === 'rejected' ? 'red.9' : move.state === 'approved' ? 'green.9' : 'orange.9'}
          >
            {t(`controls.state.${move.state}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('controls.queue.loan')} :{' '}
          {move.companyId && move.contributionId ? (
            <Link to={`/companies/${move.companyId}/contributions/${move.contributionId}`}>
              {move.loanNumber} ({move.companyName})
            </Link>
          ) : (
            move.fundName
          )}
        </Text>
        <Text size="sm">
          {t('controls.queue.date')} : {formatDay(move.entryDate, locale)} · {t('controls.queue.maker')} :{' '}
          {move.makerName ?? '—'} · {formatInstant(move.insertedAt, locale)}
        </Text>
        {move.state === 'rejected' && (
          <Alert color="red" title={t('controls.state.rejected')}>
            {t('controls.queue.rejectedBecause', { name: move.decidedByName ?? '—', reason: move.reason ?? '' })}
          </Alert>
        )}
        <BeforeAfter move={move} locale={locale} />
        <Group>
          {move.canDecide && (
            <>
              <Button onClick={() => void act('approve')} loading={decision.isPending}>
                {t('controls.queue.approve')}
              </Button>
              <Button variant="outline" color="red.9" onClick={() => onReject(move)}>
                {t('controls.queue.reject')}
              </Button>
            </>
          )}
          {move.canCancel && (
            <Button variant="default" onClick={() => void act('cancel')} loading={decision.isPending}>
              {t('controls.queue.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** The reason of a rejection, required; what was typed stays when the server refuses. */
function RejectModal({ move, onClose }: { move: ApprovalAnswer | null; onClose: () => void }) {
  const { t } = useTranslation();
  const decision = useDecision();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!move) return;
    if (!reason.trim()) {
      setError(t('errors.validations.required'));
      return;
    }
    try {
      await decision.mutateAsync({ id: move.id, action: 'reject', reason });
      toast('success', t('controls.queue.rejected'));
      setReason('');
      onClose();
    } catch (failure) {
      reportError(failure);
    }
  };
  return (
    <Modal opened={move !== null} onClose={onClose} title={t('controls.queue.confirmReject')}>
      <Stack>
        <Textarea
          label={t('controls.queue.reason')}
          required
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button color="red.9" onClick={() => void submit()} loading={decision.isPending}>
            {t('controls.queue.confirmReject')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "À approuver": the moves awaiting a second person (approvers see all; a maker sees theirs, and can cancel). */
export default function ApprovalsPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<'pending' | 'approved' | 'rejected'>('pending');
  const moves = useApprovals(state);
  const [rejecting, setRejecting] = useState<ApprovalAnswer | null>(null);
  return (
    <Stack maw={900}>
      <Title order={1}>{t('controls.queue.title')}</Title>
      <SegmentedControl
        aria-label={t('controls.queue.filterState')}
        value={state}
        onChange={(value) => setState(value as typeof state)}
        data={(['pending', 'approved', 'rejected'] as const).map((value) => ({
          value,
          label: t(`controls.state.${value}`),
        }))}
      />
      {moves.isPending ? (
        <PageLoader />
      ) : moves.isError ? (
        <Text role="alert">{t('errors.generic')}</Text>
      ) : moves.data.length === 0 ? (
        <Text>{t('controls.queue.empty')}</Text>
      ) : (
        moves.data.map((move) => <MoveCard key={move.id} move={move} onReject={setRejecting} />)
      )}
      <RejectModal move={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}
