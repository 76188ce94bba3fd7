import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';

type Tone = 'primary' | 'success' | 'error';

export function IconBadge({ children, tone = 'primary' }: { children: ReactNode; tone?: Tone }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 56,
        height: 56,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        color: `${tone}.main`,
        bgcolor: (t) => alpha(t.palette[tone].main, 0.12),
      }}
    >
      {children}
    </Box>
  );
}
