import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function SectionHeading({ id, children, action }: { id: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {children}
      </Typography>
      {action}
    </Stack>
  );
}
