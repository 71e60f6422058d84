import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import { Button, useSimpleFormIterator } from 'react-admin';

/**
 * The add button of a repeatable group (SimpleFormIterator's `addButton`) with its words next to the
 * icon: react-admin's own is a bare icon whose meaning shows only on hover.
 */
export function TextAddButton({ label = 'ra.action.add', testId }: { label?: string; testId?: string }) {
  const { add, source } = useSimpleFormIterator();
  return (
    <Button label={label} onClick={() => add()} size="small" className={`button-add button-add-${source}`} data-testid={testId}>
      <AddIcon fontSize="small" />
    </Button>
  );
}
