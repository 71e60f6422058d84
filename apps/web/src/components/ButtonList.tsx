import { Children, isValidElement } from 'react';
import { List, ListItem, type ListProps } from '@mui/material';

/**
 * MUI's <List> is a <ul>, and a <ListItemButton> or <ListItemText> put straight into it is a <div> or an <a>:
 * screen readers then lose the list (axe `list`). Each child here sits in its own <li>.
 */
export function ButtonList({ children, ...props }: ListProps) {
  return <List {...props}>{Children.map(children, (child) => (isValidElement(child) ? <ListItem disablePadding>{child}</ListItem> : child))}</List>;
}
