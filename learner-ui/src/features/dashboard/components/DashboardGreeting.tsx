import Typography from '@mui/material/Typography';
import { greetingLine } from '../greeting';

export function DashboardGreeting({ email, now = new Date() }: { email: string | null | undefined; now?: Date }) {
  return (
    <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
      {greetingLine(now, email)}
    </Typography>
  );
}
