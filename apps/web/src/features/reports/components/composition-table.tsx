import type { Composition, CompositionEntry, CompositionRank } from '@portal/domain/report';
import { taxonLabel } from '@portal/domain/report/taxa';
import { useId, useState } from 'react';
import { formatShare } from '../report-format.ts';
import { RANK_LABELS, REPORT_TEXTS } from '../report-texts.ts';
import { TableScroll } from './table-scroll.tsx';

type Column = 'name' | 'percent';
type Sort = { column: Column; direction: 'ascending' | 'descending' };

const RANKS: CompositionRank[] = ['phylum', 'family', 'genus', 'species'];
/** A first click sorts names A to Z and shares largest first. */
const FIRST_DIRECTION: Record<Column, Sort['direction']> = { name: 'ascending', percent: 'descending' };

function sortEntries(entries: readonly CompositionEntry[], { column, direction }: Sort) {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...entries].sort((a, b) =>
    column === 'name'
      ? sign * taxonLabel(a.name).localeCompare(taxonLabel(b.name))
      : sign * (a.percent - b.percent) || taxonLabel(a.name).localeCompare(taxonLabel(b.name)),
  );
}

/** The composition as a table at one rank at a time, sortable by name or share (column headers). */
export function CompositionTable({ composition }: { composition: Composition }) {
  const groupName = useId();
  const captionId = useId();
  const [rank, setRank] = useState<CompositionRank>('phylum');
  const [sort, setSort] = useState<Sort>({ column: 'percent', direction: 'descending' });
  const rows = sortEntries(composition[rank], sort);

  function sortBy(column: Column) {
    setSort((current) =>
      current.column === column
        ? { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { column, direction: FIRST_DIRECTION[column] },
    );
  }

  const header = (column: Column, label: string) => (
    <th
      scope="col"
      className={column === 'percent' ? 'report-number' : undefined}
      aria-sort={sort.column === column ? sort.direction : undefined}
    >
      <button type="button" className="report-sort" onClick={() => sortBy(column)}>
        {label}
        <span aria-hidden="true" className="report-sort-icon">
          {sort.column !== column ? '↕' : sort.direction === 'ascending' ? '▲' : '▼'}
        </span>
      </button>
    </th>
  );

  return (
    <div className="report-composition-table">
      <fieldset className="report-rank-choice">
        <legend>{REPORT_TEXTS.rankLegend}</legend>
        {RANKS.map((option) => (
          <label key={option}>
            <input
              type="radio"
              name={groupName}
              value={option}
              checked={rank === option}
              onChange={() => setRank(option)}
            />{' '}
            {RANK_LABELS[option]}
          </label>
        ))}
      </fieldset>
      <TableScroll labelledBy={captionId}>
        <table className="report-table">
          <caption id={captionId}>{REPORT_TEXTS.tableCaption(RANK_LABELS[rank])}</caption>
          <thead>
            <tr>
              {header('name', REPORT_TEXTS.taxonColumn)}
              {header('percent', REPORT_TEXTS.percentColumn)}
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={entry.name}>
                <th scope="row">{taxonLabel(entry.name)}</th>
                <td className="report-number">{formatShare(entry.percent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
