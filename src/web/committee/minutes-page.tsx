import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { formatDay, formatMoney } from '../../shared/intl';
import { PageLoader } from '../components/status-pages';
import { useTranslation, type KeyUnder } from '../i18n';
import { useMeeting } from './api';
import { DecisionSummary, amountsText } from './decision-summary';
import { standing, tallyWords } from './mapping';
import printable from '../components/printable.module.css';
import classes from './committee.module.css';

/**
 * /committee/meetings/:id/minutes: the meeting's minutes in the reader's language, printed on letter paper
 * (src/web/print.css; ADR 0043): committee, date, attendance, and per item the conflicts, the count and the decision.
 */
export default function MinutesPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const meeting = useMeeting(id);
  const mn = (key: KeyUnder<'committee.minutes'>, params?: Record<string, unknown>) =>
    t(`committee.minutes.${key}`, params);
  if (meeting.isPending) return <PageLoader />;
  if (meeting.isError) return <Text role="alert">{t('errors.generic')}</Text>;
  const data = meeting.data;
  const names = (present: boolean) =>
    data.members
      .filter((m) => m.present === present)
      .map((m) => m.name)
      .join(', ') || mn('nobody');
  return (
    <Stack maw={800} className={classes.minutes} component="article">
      <Group justify="space-between" className={printable.noPrint}>
        <Anchor component={Link} to={`/committee/meetings/${data.id}`}>
          {mn('back')}
        </Anchor>
        <Button onClick={() => window.print()}>{mn('print')}</Button>
      </Group>
      <Title order={1}>{mn('title', { date: formatDay(data.date, locale) ?? data.date })}</Title>
      <Text>{mn('committee', { committee: data.committeeName })}</Text>
      {data.location && <Text>{mn('location', { location: data.location })}</Text>}
      <Title order={2} size="h3">
        {mn('attendance')}
      </Title>
      <Text>{mn('presentList', { names: names(true) })}</Text>
      <Text>{mn('absentList', { names: names(false) })}</Text>
      <Text>{mn('quorum', { quorum: data.agenda[0]?.tally.quorum ?? '—' })}</Text>
      {data.agenda.map((item, index) => {
        const recused = data.members.filter((m) => standing(m, item) === 'recused');
        return (
          <Stack key={item.id} gap={4} className={classes.item} component="section">
            <Title order={2} size="h3" mt="sm">
              {mn('item', { n: index + 1, company: item.companyName, project: item.projectName })}
            </Title>
            <Text>
              {mn('requested', {
                amounts: amountsText(item.amounts, locale),
                cost: formatMoney(item.projectCost, locale),
              })}
            </Text>
            {recused.length === 0 ? (
              <Text>{mn('noConflicts')}</Text>
            ) : (
              recused.map((m) => {
                const conflict = item.conflicts.find((c) => c.memberId === m.id);
                return (
                  <Text key={m.id}>
                    {conflict?.automatic
                      ? t('analyst.committee.analystWithdrawal', { member: m.name })
                      : t('analyst.committee.withdrawal', { member: m.name, reason: conflict?.reason ?? '' })}
                  </Text>
                );
              })
            )}
            <Text>
              {tallyWords(item.tally, t).presence}
              {' — '}
              {tallyWords(item.tally, t).quorum}
            </Text>
            {item.decision ? <DecisionSummary decision={item.decision} /> : <Text>{mn('notDecided')}</Text>}
          </Stack>
        );
      })}
    </Stack>
  );
}
