import { Children, cloneElement, forwardRef, isValidElement, memo, useImperativeHandle, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
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
 * react-admin's row selection checkbox puts its name (`aria-label`) on the checkbox's outer <span>, where
 * ARIA forbids it, and leaves the <input> a screen reader lands on without a name (react-admin 5.15's
 * SelectRowCheckbox). Until react-admin passes it to the input, the row moves the name there after
 * each render; React sets the span's attribute again only when its text changes (a language switch),
 * which re-renders the row and so runs this again.
 */
function nameSelectCheckboxOnInput(row: HTMLTableRowElement | null) {
  if (!row) return;
  const checkbox = row.querySelector<HTMLElement>('.select-item[aria-label]');
  const input = checkbox?.querySelector('input');
  if (!checkbox || !input) return;
  input.setAttribute('aria-label', checkbox.getAttribute('aria-label') ?? '');
  checkbox.removeAttribute('aria-label');
}

/**
 * react-admin's row, reachable with Tab and opened with Enter when the table opens its rows (a row
 * that only answers to the mouse leaves keyboard users with no way into a record).
 */
const KeyboardDataTableRow = memo(
  forwardRef<HTMLTableRowElement, DataTableRowProps>(function KeyboardDataTableRow(props, ref) {
    const { rowClick } = useDataTableCallbacksContext();
    const row = useRef<HTMLTableRowElement>(null);
    useImperativeHandle(ref, () => row.current as HTMLTableRowElement, []);
    // No dependency list on purpose: the checkbox is re-rendered with the row (see nameSelectCheckboxOnInput).
    useLayoutEffect(() => nameSelectCheckboxOnInput(row.current));
    if (rowClick === false) return <DataTableRow ref={row} {...props} />;
    return <DataTableRow ref={row} tabIndex={0} onKeyDown={openOnKey} {...props} />;
  }),
);
