import { ListItemIcon, MenuItem, Tooltip, Typography } from '@mui/material';
import SchoolIcon from '@mui/icons-material/School';
import { useSidebarState } from 'react-admin';

/** A plain link: the learner site is another app on this origin, so it needs a full page load. */
export const LearnerSiteMenuItem = () => {
  const [open] = useSidebarState();
  const item = (
    <MenuItem component="a" href="/" sx={{ color: 'text.secondary' }}>
      <ListItemIcon sx={{ minWidth: 5 * 8 }}>
        <SchoolIcon fontSize="small" />
      </ListItemIcon>
      <Typography variant="inherit" noWrap>
        Learner site
      </Typography>
    </MenuItem>
  );
  return open ? (
    item
  ) : (
    <Tooltip title="Learner site" placement="right">
      {item}
    </Tooltip>
  );
};
