import { ListItemIcon, MenuItem, Tooltip, Typography } from '@mui/material';
import QueueIcon from '@mui/icons-material/ViewList';
import { useNotify, usePermissions, useSidebarState } from 'react-admin';
import { getAccessToken } from '../providers/authProvider';

export const QUEUES_PATH = '/api/admin/queues';

/**
 * Admins only: the queue dashboard (Bull Board). A page load cannot send a bearer token, so the item
 * first starts a dashboard session (an httpOnly cookie for that path only), then opens the page.
 */
export const QueuesMenuItem = () => {
  const [open] = useSidebarState();
  const { permissions } = usePermissions<string[]>();
  const notify = useNotify();
  if (!Array.isArray(permissions) || !permissions.includes('admin')) return null;

  const openBoard = async () => {
    // opened at once (a popup after an await is blocked), then pointed at the board
    const tab = window.open('about:blank', '_blank');
    try {
      const token = await getAccessToken();
      const res = await fetch(`${QUEUES_PATH}/session`, {
        method: 'POST',
        headers: token ? { authorization: `Bearer ${token}` } : {},
        credentials: 'same-origin',
      });
      if (!res.ok) throw new Error(String(res.status));
      if (tab) tab.location.href = `${QUEUES_PATH}/`;
      else window.location.assign(`${QUEUES_PATH}/`);
    } catch {
      tab?.close();
      notify('Could not open the queue dashboard', { type: 'error' });
    }
  };

  const item = (
    <MenuItem onClick={() => void openBoard()} sx={{ color: 'text.secondary' }}>
      <ListItemIcon sx={{ minWidth: 5 * 8 }}>
        <QueueIcon fontSize="small" />
      </ListItemIcon>
      <Typography variant="inherit" noWrap>
        Queues
      </Typography>
    </MenuItem>
  );
  return open ? (
    item
  ) : (
    <Tooltip title="Queues" placement="right">
      {item}
    </Tooltip>
  );
};
