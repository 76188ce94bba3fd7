import { useState } from 'react';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { CertificateNameDialog } from '../auth/components/CertificateNameDialog';
import type { AuthUser } from '../auth/session-controller';
import { rolesLabel } from './nav-links';

/**
 * The account menu: its own chunk (Menu brings Popover and Modal), loaded on the first click of the account
 * button (UserMenu), so a signed-in page does not download it before its content. "Name on certificates" opens
 * the dialog that sets the name certificates show.
 */
export function AccountMenu({
  user,
  anchor,
  onClose,
  onLogout,
}: {
  user: AuthUser;
  anchor: HTMLElement | null;
  onClose: () => void;
  onLogout: () => void;
}) {
  const [naming, setNaming] = useState(false);
  return (
    <>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        {/* A menu may own only items, groups and separators: the account line is an inert item. */}
        <MenuItem
          disabled
          sx={{ display: 'block', px: 2, py: 1.25, '&.Mui-disabled': { opacity: 1 } }}
          aria-label={`Signed in as ${user.email}, ${rolesLabel(user.roles)}`}
        >
          <Typography variant="subtitle2" noWrap data-testid="account-email">
            {user.email}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="account-roles">
            {rolesLabel(user.roles)}
          </Typography>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            onClose();
            setNaming(true);
          }}
        >
          <ListItemIcon>
            <BadgeOutlinedIcon fontSize="small" />
          </ListItemIcon>
          Name on certificates
        </MenuItem>
        <MenuItem
          onClick={() => {
            onClose();
            onLogout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
      <CertificateNameDialog open={naming} onClose={() => setNaming(false)} />
    </>
  );
}
