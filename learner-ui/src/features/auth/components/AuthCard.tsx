import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every account page uses. */
export function AuthCard({ title, subtitle, icon, children, footer }: AuthCardProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 1, sm: 4 } }}>
      <Paper
        variant="outlined"
        sx={{
          width: '100%',
          maxWidth: 440,
          p: { xs: 3, sm: 4.5 },
          boxShadow: '0 18px 40px -28px rgba(30, 41, 120, 0.45)',
        }}
      >
        {icon && <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>{icon}</Box>}
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800, textAlign: 'center' }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1 }}>
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: 3 }}>{children}</Box>
        {footer && (
          <Box sx={{ mt: 3, textAlign: 'center' }}>
            <Typography variant="body2" color="text.secondary" component="div">
              {footer}
            </Typography>
          </Box>
        )}
      </Paper>
    </Box>
  );
}
