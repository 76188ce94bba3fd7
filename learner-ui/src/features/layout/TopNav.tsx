import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, NavLink, useLocation, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import HubIcon from '@mui/icons-material/Hub';
import { useAuth } from '../auth/auth-context';
import { useSubjectParam } from '../subjects/hooks/useSubjectParam';
import { navLinksFor, withSubject, type NavLinkItem } from './nav-links';
import { UserMenu } from './UserMenu';

// The account menu (signed in; UserMenu loads it on the first click), the subject selector (an Autocomplete, the
// largest part of the bar) and the phone's drawer load when first needed, so a first visit does not wait for them
// (learner-ui/scripts/js-budget.mjs). A phone's bar shows no selector (it is in the drawer): a phone downloads it
// only when the menu opens.
const SubjectSelector = lazy(() => import('../subjects/SubjectSelector').then((m) => ({ default: m.SubjectSelector })));
const MobileNav = lazy(() => import('./MobileNav').then((m) => ({ default: m.MobileNav })));

/** The selector's box in the bar (its width, and the height of a small outlined field), kept while it loads. */
const SELECTOR_SLOT = { width: 240, height: 40 } as const;

/**
 * The bar's height (the toolbar and its 1 px bottom border) at each breakpoint: AppLayout's main fills the rest of
 * the first screen, so the footer starts below the fold and does not jump as the page's content arrives.
 */
export const HEADER_HEIGHT = { xs: 61, md: 69 } as const;

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
  // sm and up; where media queries are unknown (tests), the bar keeps its selector
  const wide = useMediaQuery((t: Theme) => t.breakpoints.up('sm'), { noSsr: true, defaultMatches: true });

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
        <Toolbar disableGutters sx={{ gap: 1.5, minHeight: { xs: HEADER_HEIGHT.xs - 1, md: HEADER_HEIGHT.md - 1 } }}>
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

          {wide && (
            <Box sx={{ minWidth: SELECTOR_SLOT.width, minHeight: SELECTOR_SLOT.height }}>
              <Suspense fallback={null}>
                <SubjectSelector />
              </Suspense>
            </Box>
          )}

          {signedIn && user && (
            // a slot of the button's size, whatever its content
            <Box sx={{ width: 44, height: 44, flexShrink: 0, display: 'grid', placeItems: 'center' }}>
              <UserMenu user={user} onLogout={handleLogout} />
            </Box>
          )}
        </Toolbar>
      </Container>

      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileNav
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            links={links}
            isActive={(link) => isActive(link, location.pathname)}
          />
        </Suspense>
      )}
    </AppBar>
  );
}
