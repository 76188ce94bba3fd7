import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { CertificateNameDialog } from '../auth/components/CertificateNameDialog';
import type { AuthUser } from '../auth/session-controller';
import { rolesLabel } from './nav-links';

export function UserMenu({ user, onLogout }: { user: AuthUser; onLogout: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const open = Boolean(anchor);
  const initial = user.email.charAt(0).toUpperCase();

  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-controls={open ? 'account-menu' : undefined}
        aria-haspopup="true"
        aria-expanded={open ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        size="small"
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: 15 }}>{initial}</Avatar>
      </IconButton>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
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
            setAnchor(null);
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
            setAnchor(null);
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
