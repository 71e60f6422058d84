import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { PASSWORD_RULES, checkPassword } from '@app/domain/platform/auth/password-rules';
import { useOnboardingText } from './onboardingText';

/**
 * The live checklist of the four password rules (length, lowercase, digit, uppercase): grey before
 * anything is typed (nothing is wrong yet), then red until a rule is met, green once it is.
 */
export function PasswordChecklist({ password }: { password: string }) {
  const { translate } = useOnboardingText();
  const results = checkPassword(password);
  return (
    <List dense disablePadding data-testid="password-checklist">
      {PASSWORD_RULES.map((rule, index) => {
        const met = results[index].met;
        return (
          <ListItem key={rule.key} disableGutters sx={{ py: 0 }} data-rule={rule.key} data-met={met}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <CheckCircleIcon fontSize="small" sx={{ color: met ? 'success.main' : password === '' ? 'text.disabled' : 'error.main' }} />
            </ListItemIcon>
            <ListItemText primary={translate(rule.messageKey, rule.params ?? {})} />
          </ListItem>
        );
      })}
    </List>
  );
}
