import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { SubjectSelector } from '../subjects/SubjectSelector';
import type { NavLinkItem } from './nav-links';

/**
 * The phone's menu: a drawer with the links and the subject selector. Its own chunk (TopNav loads it on the
 * first tap of the menu button), so a first visit does not download the drawer, the lists or the selector.
 */
export function MobileNav({
  open,
  onClose,
  links,
  isActive,
}: {
  open: boolean;
  onClose: () => void;
  links: NavLinkItem[];
  isActive: (link: NavLinkItem) => boolean;
}) {
  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      sx={{ display: { md: 'none' } }}
      slotProps={{ paper: { sx: { width: 280 } } }}
    >
      <Box id="mobile-navigation" component="nav" aria-label="Mobile" sx={{ py: 1 }}>
        <Typography variant="overline" sx={{ px: 2, color: 'text.secondary' }}>
          Menu
        </Typography>
        <List>
          {links.map((link) => (
            <ListItem key={link.label} disablePadding>
              {link.external ? (
                <ListItemButton component="a" href={link.to}>
                  <ListItemText primary={link.label} />
                </ListItemButton>
              ) : (
                <ListItemButton component={RouterLink} to={link.to} selected={isActive(link)} onClick={onClose}>
                  <ListItemText primary={link.label} />
                </ListItemButton>
              )}
            </ListItem>
          ))}
        </List>
        <Divider sx={{ my: 1 }} />
        <Box sx={{ px: 2, pb: 2, display: { sm: 'none' } }}>
          <SubjectSelector fullWidth />
        </Box>
      </Box>
    </Drawer>
  );
}
