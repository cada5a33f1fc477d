// Tables on a phone (issue 21 §1, docs/rules.md "Phones"). Every data table sits in a TableRegion:
// when it is wider than the screen it scrolls sideways, so the region is focusable (the keyboard can
// scroll it) and named. The wide lists (a learner's reward requests, the submissions review, the
// learners list, the reward requests) are StackedTables: below 640 px each row becomes a card whose
// cells carry their column's name, so nothing hides past the right edge.
//
// A table restyled with `display: block` loses its table semantics in some browsers (Safari), so a
// stacked table states its roles; the names shown in the cells are hidden from screen readers,
// which announce the column headers instead.
import type { ReactNode } from 'react';
import { useT } from '~/lib/i18n';

/** `label` says what the table lists; the region is named "<label> table" (a section of the same name may hold it). */
export function TableRegion({ label, children, framed = true }: { label: string; children: ReactNode; framed?: boolean }) {
  const t = useT();
  return (
    <div role="region" aria-label={t('{{label}} table', { label })} tabIndex={0} className={`overflow-x-auto ${framed ? 'rounded-lg border border-slate-200 bg-white' : ''}`}>
      {children}
    </div>
  );
}

/** A table whose rows stack into cards on a phone: `columns` are its headers, `children` its rows (Row, then Cell). */
export function StackedTable({ columns, children, testId, caption }: { columns: ReactNode[]; children: ReactNode; testId?: string; caption?: string }) {
  return (
    <table className="table stacked" role="table" data-testid={testId}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((column, i) => (
            <th key={i} role="columnheader" scope="col">{column}</th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">{children}</tbody>
    </table>
  );
}

export function Row({ children, ...data }: { children: ReactNode } & Record<`data-${string}`, string | number>) {
  return <tr role="row" {...data}>{children}</tr>;
}

/** A cell of a StackedTable; `label` is its column's name, shown beside the value only when the row is a card. */
export function Cell({ label, children, className }: { label: string; children?: ReactNode; className?: string }) {
  return (
    <td role="cell" className={className}>
      <span aria-hidden="true" className="cell-label">{label}</span>
      <span className="cell-value">{children}</span>
    </td>
  );
}
