import { Children, cloneElement, isValidElement, memo, type ReactNode } from 'react';
import { DataTableBody, useTranslateLabel, type DataTableBodyProps } from 'react-admin';

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
  return <DataTableBody {...rest}>{columns}</DataTableBody>;
});
