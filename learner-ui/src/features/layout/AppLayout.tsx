import { useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { ErrorBoundary } from '../common/ErrorBoundary';
import { PageTitleContext } from './page-title-context';
import { MAIN_ID, SkipLink } from './SkipLink';
import { HEADER_HEIGHT, TopNav } from './TopNav';
import { useDocumentTitle } from './useDocumentTitle';
import { useFocusHeadingOnNavigate } from './useFocusHeadingOnNavigate';

export function AppLayout() {
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const setPageTitle = useDocumentTitle();
  useFocusHeadingOnNavigate(mainRef);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <TopNav />
      <Container
        component="main"
        id={MAIN_ID}
        ref={mainRef}
        tabIndex={-1}
        maxWidth="lg"
        sx={{
          flexGrow: 1,
          // The rest of the first screen at least: the footer starts below the fold, so it does not jump down
          // (a layout shift) when the page's content arrives and grows past the spinner or skeleton.
          // svh: the height with the browser's bars shown, as on a phone's first paint.
          minHeight: {
            xs: `calc(100vh - ${HEADER_HEIGHT.xs}px)`,
            md: `calc(100vh - ${HEADER_HEIGHT.md}px)`,
          },
          '@supports (height: 100svh)': {
            minHeight: {
              xs: `calc(100svh - ${HEADER_HEIGHT.xs}px)`,
              md: `calc(100svh - ${HEADER_HEIGHT.md}px)`,
            },
          },
          py: { xs: 3, md: 5 },
          minWidth: 0,
          '&:focus': { outline: 'none' },
        }}
      >
        <PageTitleContext.Provider value={setPageTitle}>
          <ErrorBoundary resetKey={location.pathname}>
            <Outlet />
          </ErrorBoundary>
        </PageTitleContext.Provider>
      </Container>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 3, mt: 4 }}>
        <Container maxWidth="lg">
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} LearnPath · Adaptive learning that meets you where you are.
          </Typography>
        </Container>
      </Box>
    </Box>
  );
}
