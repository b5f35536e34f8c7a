import { useId, type ReactNode } from 'react';
import { Table, Text } from '@mantine/core';
import classes from './table-or-cards.module.css';

/** One column of a TableOrCards: a table column on a wide screen, a labelled line of each card on a phone. */
export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures: aligned at the end, in tabular digits. */
  numeric?: boolean;
  /** The table's row header (`th scope="row"`). */
  rowHeader?: boolean;
  /** Shown in the card's head line rather than as a labelled figure, as `cardCell` when given. */
  head?: boolean;
  cardCell?: (row: Row) => ReactNode;
  /** Its figure in the totals row, when the table has one. */
  total?: ReactNode;
}

interface CardsProps<Row> {
  rows: readonly Row[];
  columns: ReadonlyArray<Column<Row>>;
  rowKey: (row: Row) => string | number;
  label: string;
  caption?: boolean;
  /** Adds a totals row (and a totals card) with each column's `total`. */
  totalsLabel?: string;
}

/**
 * Rows of several columns of figures: a table on a wide screen and on paper, a card per row on a phone,
 * where the columns ran past the screen or hid inside a box that scrolled sideways without a hint. Both are
 * in the page and the media decide which shows (table-or-cards.module.css), so neither flashes on load.
 * `label` names the table and the list; `caption` shows it above them.
 */
export function TableOrCards<Row>({
  rows,
  columns,
  rowKey,
  label,
  caption = false,
  totalsLabel,
  striped = true,
  border = false,
}: CardsProps<Row> & { striped?: boolean; border?: boolean }) {
  const headColumns = columns.findIndex((column) => !column.head);

  return (
    <>
      <WideOnly>
        <Table
          className={classes.table}
          striped={striped}
          withTableBorder={border}
          aria-label={caption ? undefined : label}
        >
          {caption && <Table.Caption c="gray.8">{label}</Table.Caption>}
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} scope="col" data-numeric={column.numeric || undefined}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <Table.Th key={column.key} scope="row" fw={500}>
                      {column.cell(row)}
                    </Table.Th>
                  ) : (
                    <Table.Td key={column.key} data-numeric={column.numeric || undefined}>
                      {column.cell(row)}
                    </Table.Td>
                  ),
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {totalsLabel && (
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row" colSpan={Math.max(headColumns, 1)}>
                  {totalsLabel}
                </Table.Th>
                {columns.slice(Math.max(headColumns, 1)).map((column) => (
                  <Table.Td key={column.key} data-numeric={column.numeric || undefined}>
                    {column.total}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </WideOnly>
      <Cards rows={rows} columns={columns} rowKey={rowKey} label={label} caption={caption} totalsLabel={totalsLabel} />
    </>
  );
}

/** What only TableOrCards' table shows: a wide screen and paper. */
export function WideOnly({ children }: { children: ReactNode }) {
  return <div className={classes.wide}>{children}</div>;
}

/**
 * The phone's half of TableOrCards on its own, a card per row: for a table whose cards read another way
 * than its rows (the statement analysis: a row per ratio on a wide screen, a card per year on a phone).
 */
export function Cards<Row>({ rows, columns, rowKey, label, caption = false, totalsLabel }: CardsProps<Row>) {
  const id = useId();
  const head = columns.filter((column) => column.head);
  const figures = columns.filter((column) => !column.head);
  return (
    <div className={classes.narrow}>
      {caption && (
        <Text id={`${id}-label`} fw={600} mb="xs">
          {label}
        </Text>
      )}
      <ul
        className={classes.cards}
        aria-labelledby={caption ? `${id}-label` : undefined}
        aria-label={caption ? undefined : label}
      >
        {rows.map((row) => (
          <li key={rowKey(row)} className={classes.card}>
            {head.length > 0 && (
              <div className={classes.head}>
                {head.map((column) => (
                  <span key={column.key}>{(column.cardCell ?? column.cell)(row)}</span>
                ))}
              </div>
            )}
            <dl className={classes.figures}>
              {figures.map((column) => (
                <div key={column.key} data-numeric={column.numeric || undefined}>
                  <dt>{column.header}</dt>
                  <dd>{(column.cardCell ?? column.cell)(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      {totalsLabel && (
        <section aria-labelledby={`${id}-totals`} className={classes.card}>
          <div className={classes.head} id={`${id}-totals`}>
            {totalsLabel}
          </div>
          <dl className={classes.figures}>
            {figures
              .filter((column) => column.total !== undefined)
              .map((column) => (
                <div key={column.key} data-numeric={column.numeric || undefined}>
                  <dt>{column.header}</dt>
                  <dd>{column.total}</dd>
                </div>
              ))}
          </dl>
        </section>
      )}
    </div>
  );
}
