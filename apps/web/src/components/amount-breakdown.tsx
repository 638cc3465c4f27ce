import { Table } from '@mantine/core';

/** A short list of labelled amounts, the last one (the total) in bold: an order's net, a fee split. */
export function AmountBreakdown({
  rows,
  label,
}: {
  rows: { label: string; value: string; total?: boolean }[];
  label: string;
}) {
  return (
    <Table aria-label={label} withRowBorders={false} verticalSpacing={2} horizontalSpacing={0}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label} fw={row.total ? 700 : undefined}>
            <Table.Th scope="row" fw={row.total ? 700 : 400}>
              {row.label}
            </Table.Th>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {row.value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
