import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

/**
 * A table's row of column headers. The headers from `endFrom` on stand over figures, so they line up at the end
 * as the figures under them do.
 */
export function TableHead({ cells, endFrom = cells.length }: { cells: ReactNode[]; endFrom?: number }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {cells.map((cell, index) => (
          <Table.Th key={index} scope="col" ta={index >= endFrom ? 'end' : undefined}>
            {cell}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
