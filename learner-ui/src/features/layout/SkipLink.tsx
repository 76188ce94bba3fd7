import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { focusPageStart } from './useFocusHeadingOnNavigate';

export const MAIN_ID = 'main-content';

/** The first Tab stop on every page: jumps past the navigation to the page's heading. */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    // Focus moves without touching the address (a #hash would be a navigation for the router).
    event.preventDefault();
    focusPageStart(main);
    main.scrollIntoView?.();
  };
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={skip}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1.25,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 700,
        textDecoration: 'none',
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to main content
    </Box>
  );
}
