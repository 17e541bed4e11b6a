import type { ReactNode } from 'react';
import { TableScroll } from './table-scroll.tsx';

export type ReportColumn = { label: string; numeric?: boolean };

type ReportTableProps = {
  /** The id of the table's caption, or of the heading above it when it has no caption. */
  labelledBy: string;
  caption?: ReactNode;
  columns: readonly ReportColumn[];
  /** The body's rows. */
  children: ReactNode;
  /** Rows of a footer, if any. */
  foot?: ReactNode;
};

/** A table of the report in its scrolling box: one header row, number columns aligned right. */
export function ReportTable({ labelledBy, caption, columns, children, foot }: ReportTableProps) {
  return (
    <TableScroll labelledBy={labelledBy}>
      <table className="report-table" aria-labelledby={caption === undefined ? labelledBy : undefined}>
        {caption === undefined ? null : <caption id={labelledBy}>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? 'report-number' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {foot ? <tfoot>{foot}</tfoot> : null}
      </table>
    </TableScroll>
  );
}
