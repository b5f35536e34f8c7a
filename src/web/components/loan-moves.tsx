import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { ApprovalAnswer } from '../../shared/schemas/controls';
import type { Locale } from '../../shared/constants';
import { formatDay, formatInstant, formatMoney } from '../../shared/intl';
import { useDecision, useLoanMoves } from '../api/controls';
import { reportError } from './server-errors';
import { Section } from './section';
import { toast } from './toasts';
import { useTranslation, type TFunction } from '../i18n';

/** "Disbursement of 5 000,00 $ dated 15 January 2026": a move in the reader's words. */
function moveText(move: ApprovalAnswer, t: TFunction, locale: Locale) {
  return t('controls.loan.move', {
    kind: t(`controls.kind.${move.kind}`),
    amount: formatMoney(move.amount, locale),
    date: formatDay(move.entryDate, locale),
  });
}

/** The message a servicing form shows when its write answers 202: held for a second person, not recorded. */
export function pendingMessage(move: ApprovalAnswer, t: TFunction, locale: Locale) {
  return t('controls.loan.waiting', { move: moveText(move, t, locale) });
}

const COLOR: Record<ApprovalAnswer['state'], string> = {
  pending: 'orange.9',
  approved: 'green.9',
  rejected: 'red.9',
  // A light grey badge reads too faint: a withdrawn move's is filled, as a reversed entry's.
  cancelled: 'gray.8',
};

function LoanMove({ move }: { move: ApprovalAnswer }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const decision = useDecision();
  const text = moveText(move, t, locale);
  const cancel = async () => {
    try {
      await decision.mutateAsync({ id: move.id, action: 'cancel' });
      toast('success', t('controls.queue.cancelled'));
    } catch (error) {
      reportError(error);
    }
  };
  return (
    <li>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{text}</Text>
            <Badge variant={move.state === 'cancelled' ? 'filled' : 'light'} color={COLOR[move.state]}>
              {t(`controls.state.${move.state}`)}
            </Badge>
          </Group>
          <Text size="sm">
            {t('controls.loan.madeBy', { name: move.makerName ?? '—', when: formatInstant(move.insertedAt, locale) })}
          </Text>
          {move.state === 'rejected' && (
            <Alert color="red" variant="outline" p="xs">
              <Text size="sm">
                {t('controls.queue.rejectedBecause', { name: move.decidedByName ?? '—', reason: move.reason ?? '' })}
              </Text>
            </Alert>
          )}
          {move.state === 'cancelled' && move.decidedAt && (
            <Text size="sm" c="gray.7">
              {t('controls.loan.cancelledOn', { when: formatInstant(move.decidedAt, locale) })}
            </Text>
          )}
        </Stack>
        {move.canCancel && (
          <Button
            size="xs"
            variant="default"
            onClick={() => void cancel()}
            loading={decision.isPending}
            aria-label={t('controls.loan.cancelLabel', { move: text })}
          >
            {t('controls.queue.cancel')}
          </Button>
        )}
      </Group>
    </li>
  );
}

/**
 * On a loan's page: its controlled moves held for a second person, refused or withdrawn — what, how much, dated
 * when, in what state and made by whom; the maker cancels a pending one, a refused one says who refused it and
 * why. Nothing is drawn while the loan has none.
 */
export function LoanMoves({ contributionId }: { contributionId: string }) {
  const { t } = useTranslation();
  const moves = useLoanMoves(contributionId);
  if (!moves.data || moves.data.length === 0) return null;
  return (
    <Section id="loan-controlled-moves" title={t('controls.loan.title')}>
      <Stack gap="xs">
        <Text size="sm" c="gray.7">
          {t('controls.loan.intro')}
        </Text>
        <Stack
          component="ul"
          gap="sm"
          aria-labelledby="loan-controlled-moves"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {moves.data.map((move) => (
            <LoanMove key={move.id} move={move} />
          ))}
        </Stack>
      </Stack>
    </Section>
  );
}
