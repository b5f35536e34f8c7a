import { Badge, Button, Group, Table, Text, Timeline, Title } from '@mantine/core';
import { useId, useState } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { useTranslation } from '../i18n';
import { isSystemEvent, type CompanyEvent } from '../../shared/events';

// `Do` (1er, 12th) comes from advancedFormat; only this screen formats dates with dayjs.
dayjs.extend(advancedFormat);

/** The id of an event's heading: "load more" moves the focus to the first new one. */
export const eventHeadingId = (id: string) => `event-${id}`;

/** docs/SPEC.md §9: "12 mars" / "1er mars" in French, "March 12th" in English (the format is in the catalogs). */
export function useDayFormat(): (date: string) => string {
  const { t, i18n } = useTranslation();
  const format = t('events.dateFormat');
  return (date: string) => dayjs(date).locale(i18n.language).format(format);
}

export interface EventItemProps {
  event: CompanyEvent;
  onEdit(event: CompanyEvent): void;
  onDelete(event: CompanyEvent): void;
}

/**
 * One item of the Mantine timeline. Timeline clones its direct children with the props that draw the
 * line (active, alignment): they are passed on to the Timeline.Item here.
 */
export function EventItem({ event, onEdit, onDelete, ...timelineProps }: EventItemProps & Record<string, unknown>) {
  const { t } = useTranslation();
  const formatDay = useDayFormat();
  const system = isSystemEvent(event);
  return (
    <Timeline.Item
      {...timelineProps}
      color={system ? 'gray.7' : 'blue.8'}
      lineVariant={system ? 'dashed' : 'solid'}
      data-testid="event-item"
      data-category={event.categorySlug}
      title={
        <Title order={3} size="h5" id={eventHeadingId(event.id)} tabIndex={-1} style={{ outlineOffset: 2 }}>
          {event.title}
        </Title>
      }
    >
      <Group gap="xs" mt={4}>
        <Text size="sm" c="gray.8" component="time" dateTime={event.date}>
          {formatDay(event.date)}
        </Text>
        <Badge variant="outline" color={system ? 'gray.7' : 'blue.9'} size="sm">
          {t(`events.categories.${event.categorySlug}`)}
        </Badge>
      </Group>
      {event.notes && (
        <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {event.notes}
        </Text>
      )}
      {event.authorName && (
        <Text size="xs" c="gray.7" mt={4}>
          {t('events.list.by', { name: event.authorName })}
        </Text>
      )}
      {event.details && event.details.length > 0 && <EventDetails details={event.details} />}
      {system ? (
        <Text size="xs" c="gray.7" mt={2}>
          {t('events.list.systemHint')}
        </Text>
      ) : (
        <Group gap="xs" mt={6}>
          <Button
            size="compact-sm"
            variant="subtle"
            aria-label={t('events.actions.editLabel', { title: event.title })}
            onClick={() => onEdit(event)}
          >
            {t('events.actions.edit')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red.9"
            // The subtle variant writes its text in the light red whatever the colour says: too pale on white.
            c="red.9"
            aria-label={t('events.actions.deleteLabel', { title: event.title })}
            onClick={() => onDelete(event)}
          >
            {t('events.actions.delete')}
          </Button>
        </Group>
      )}
    </Timeline.Item>
  );
}

/**
 * The changes of a field-level event (ADR 0025): collapsed to the title by default, a disclosure button
 * (aria-expanded, aria-controls) shows each field before → after in a small table.
 */
function EventDetails({ details }: { details: NonNullable<CompanyEvent['details']> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <Button
        size="compact-sm"
        variant="subtle"
        mt={4}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? t('history.hide') : t('history.show')}
      </Button>
      <div id={panelId} hidden={!open}>
        {open && (
          <Table.ScrollContainer minWidth={320} mt={4}>
            <Table withTableBorder fz="sm" data-testid="event-details" aria-label={t('history.detailsLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('history.field')}</Table.Th>
                  <Table.Th scope="col">{t('history.before')}</Table.Th>
                  <Table.Th scope="col">{t('history.after')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {details.map((detail, index) => (
                  <Table.Tr key={index}>
                    <Table.Th scope="row" fw={500}>
                      {detail.field}
                    </Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{detail.before}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{detail.after}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>
    </>
  );
}

/** Consecutive events of the same year, in list order (the server already sorted them newest first). */
export function groupByYear(events: readonly CompanyEvent[]): Array<{ year: string; events: CompanyEvent[] }> {
  const groups: Array<{ year: string; events: CompanyEvent[] }> = [];
  for (const event of events) {
    const year = event.date.slice(0, 4);
    const last = groups[groups.length - 1];
    if (last?.year === year) last.events.push(event);
    else groups.push({ year, events: [event] });
  }
  return groups;
}

/** One year of the timeline, under its heading. */
export function YearGroup({
  year,
  events,
  headingId,
  ...handlers
}: { year: string; events: CompanyEvent[]; headingId: string } & Omit<EventItemProps, 'event'>) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={headingId} data-testid="event-year">
      <Title order={2} size="h3" id={headingId} mb="sm">
        <span aria-hidden="true">{year}</span>
        <span className="visually-hidden">{t('events.list.year', { year })}</span>
      </Title>
      <Timeline bulletSize={14} lineWidth={2} active={-1}>
        {events.map((event) => (
          <EventItem key={event.id} event={event} {...handlers} />
        ))}
      </Timeline>
    </section>
  );
}
