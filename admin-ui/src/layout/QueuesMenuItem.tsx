import { ListItemIcon, MenuItem, Tooltip, Typography } from '@mui/material';
import QueueIcon from '@mui/icons-material/ViewList';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, usePermissions, useSidebarState } from 'react-admin';

import { ADMIN_ROLE } from '../providers/authProvider';
import type { StudioDataProvider } from '../providers/dataProvider';
import { QUEUES_PATH } from './queueBoardMethods';

/**
 * Admins only: the queue dashboard (Bull Board). A page load cannot send a bearer token, so the item
 * first starts a dashboard session (an httpOnly cookie for that path only), then opens the page.
 */
export const QueuesMenuItem = () => {
  const [open] = useSidebarState();
  const { permissions } = usePermissions<string[]>();
  const dataProvider = useDataProvider<StudioDataProvider>();
  const notify = useNotify();
  const session = useMutation({
    mutationFn: (_tab: Window | null) => dataProvider.startQueueBoardSession(),
    onSuccess: (_, tab) => {
      if (tab) tab.location.href = `${QUEUES_PATH}/`;
      else window.location.assign(`${QUEUES_PATH}/`);
    },
    onError: (_, tab) => {
      tab?.close();
      notify('Could not open the queue dashboard', { type: 'error' });
    },
  });
  if (!Array.isArray(permissions) || !permissions.includes(ADMIN_ROLE)) return null;

  // opened at once (a popup after an await is blocked), then pointed at the board
  const openBoard = () => session.mutate(window.open('about:blank', '_blank'));

  const item = (
    <MenuItem onClick={openBoard} sx={{ color: 'text.secondary' }}>
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
