import type { ReactNode } from 'react';

/** A column head: its text, or `{ hidden }` for a head only screen readers read (a column of buttons). */
export type StaffColumn = string | { hidden: string };

const columnText = (column: StaffColumn) => (typeof column === 'string' ? column : column.hidden);

/**
 * A console table in its scrolling box: a caption for screen readers (shown with `showCaption`), the
 * column heads, and the caller's rows.
 */
export function StaffTable({
  caption,
  showCaption = false,
  columns,
  className,
  children,
}: {
  caption?: ReactNode;
  showCaption?: boolean;
  /** The column heads, left to right. */
  columns: readonly StaffColumn[];
  /** A class besides `staff-table`, for a table with a look of its own. */
  className?: string;
  children: ReactNode;
}) {
  // The box scrolls sideways when the table is wider than the page: it takes the keyboard's focus so the
  // arrow keys scroll it (axe scrollable-region-focusable). It stays unnamed: the table inside carries the
  // caption, and a second name would be read twice.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <div className="staff-table-wrap" tabIndex={0}>
      <table className={className ? `staff-table ${className}` : 'staff-table'}>
        {caption ? (
          <caption className={showCaption ? undefined : 'visually-hidden'}>{caption}</caption>
        ) : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={columnText(column)} scope="col">
                {typeof column === 'string' ? (
                  column
                ) : (
                  <span className="visually-hidden">{column.hidden}</span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
