import { Children, cloneElement, forwardRef, isValidElement, memo, type KeyboardEvent, type ReactNode } from 'react';
import { DataTableBody, DataTableRow, useDataTableCallbacksContext, useTranslateLabel, type DataTableBodyProps, type DataTableRowProps } from 'react-admin';

type TColumnProps = { label?: ReactNode; source?: string; 'data-label'?: string };

/**
 * react-admin's table body, with each cell carrying its column's heading (`data-label`, the text the
 * header cell shows): on a phone the table is stacked, one block per record, and the theme shows the
 * heading next to each value (theme/index.ts), since the header row itself is only for screen readers there.
 * A column given as a component of the screen's own (not a DataTable.Col) keeps its cells unlabelled.
 */
export const LabelledDataTableBody = memo(function LabelledDataTableBody({ children, ...rest }: DataTableBodyProps) {
  const translateLabel = useTranslateLabel();
  const columns = Children.map(children, (column) => {
    if (!isValidElement<TColumnProps>(column)) return column;
    const { label, source } = column.props;
    if (label === undefined && source === undefined) return column;
    const heading = translateLabel({ label, source });
    return typeof heading === 'string' && heading !== '' ? cloneElement(column, { 'data-label': heading }) : column;
  });
  return (
    <DataTableBody row={KeyboardDataTableRow} {...rest}>
      {columns}
    </DataTableBody>
  );
});

/** Enter or Space on a focused row does what a click on it does; keys pressed inside a cell's own controls are theirs. */
function openOnKey(event: KeyboardEvent<HTMLTableRowElement>) {
  if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
  event.preventDefault();
  event.currentTarget.click();
}

/**
 * react-admin's row, reachable with Tab and opened with Enter when the table opens its rows (a row
 * that only answers to the mouse leaves keyboard users with no way into a record).
 */
const KeyboardDataTableRow = memo(
  forwardRef<HTMLTableRowElement, DataTableRowProps>(function KeyboardDataTableRow(props, ref) {
    const { rowClick } = useDataTableCallbacksContext();
    if (rowClick === false) return <DataTableRow ref={ref} {...props} />;
    return <DataTableRow ref={ref} tabIndex={0} onKeyDown={openOnKey} {...props} />;
  }),
);
