import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, NavLink, useLocation, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import HubIcon from '@mui/icons-material/Hub';
import { useAuth } from '../auth/auth-context';
import { SubjectSelector } from '../subjects/SubjectSelector';
import { useSubjectParam } from '../subjects/hooks/useSubjectParam';
import { navLinksFor, withSubject, type NavLinkItem } from './nav-links';

// The account menu (signed in) and the mobile drawer load when first needed, so a first visit does
// not download them (learner-ui/scripts/js-budget.mjs).
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));
const Drawer = lazy(() => import('@mui/material/Drawer'));

function isActive(link: NavLinkItem, pathname: string): boolean {
  const path = link.to.split('?')[0] ?? link.to;
  return pathname === path || pathname.startsWith(`${path}/`);
}

export function TopNav() {
  const { user, isAuthenticated, loading, hasRole, logout } = useAuth();
  const [subject] = useSubjectParam();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();

  // While the session probe runs, a remembered user already gets the signed-in navigation.
  const signedIn = isAuthenticated || (loading && user !== null);
  const links = navLinksFor({ signedIn, isStudio: hasRole('studio'), subject });
  const brandTo = signedIn ? withSubject('/dashboard', subject) : '/';

  const handleLogout = async () => {
    await logout();
    void navigate('/', { replace: true });
  };

  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1.5, minHeight: { xs: 60, md: 68 } }}>
          <IconButton
            aria-label="Toggle menu"
            aria-expanded={mobileOpen}
            aria-controls="mobile-navigation"
            onClick={() => {
              setDrawerUsed(true);
              setMobileOpen((o) => !o);
            }}
            sx={{ display: { xs: 'inline-flex', md: 'none' } }}
            edge="start"
          >
            <MenuIcon />
          </IconButton>

          <Box
            component={RouterLink}
            to={brandTo}
            aria-label="LearnPath home"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.primary', textDecoration: 'none', mr: 2 }}
          >
            <Box
              sx={{
                width: 34,
                height: 34,
                borderRadius: 2,
                display: 'grid',
                placeItems: 'center',
                color: 'common.white',
                background: (t) => `linear-gradient(135deg, ${t.palette.primary.main}, ${t.palette.secondary.main})`,
              }}
            >
              <HubIcon fontSize="small" />
            </Box>
            <Typography variant="h6" component="span" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
              LearnPath
            </Typography>
          </Box>

          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}>
            {links.map((link) =>
              link.external ? (
                <Button key={link.label} component="a" href={link.to} color="inherit">
                  {link.label}
                </Button>
              ) : (
                <Button
                  key={link.label}
                  component={NavLink}
                  to={link.to}
                  color="inherit"
                  sx={{
                    color: isActive(link, location.pathname) ? 'primary.main' : 'text.secondary',
                    fontWeight: isActive(link, location.pathname) ? 700 : 500,
                  }}
                >
                  {link.label}
                </Button>
              ),
            )}
          </Box>
          <Box sx={{ flexGrow: 1, display: { xs: 'block', md: 'none' } }} />

          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <SubjectSelector />
          </Box>

          {signedIn && user && (
            <Suspense fallback={null}>
              <UserMenu user={user} onLogout={handleLogout} />
            </Suspense>
          )}
        </Toolbar>
      </Container>

      {drawerUsed && (
        <Suspense fallback={null}>
          <Drawer
            anchor="left"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
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
                      <ListItemButton
                        component={RouterLink}
                        to={link.to}
                        selected={isActive(link, location.pathname)}
                        onClick={() => setMobileOpen(false)}
                      >
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
        </Suspense>
      )}
    </AppBar>
  );
}
