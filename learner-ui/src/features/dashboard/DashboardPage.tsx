import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useAuth } from '../auth/auth-context';
import { useSubjectParam } from '../subjects/hooks/useSubjectParam';
import { DashboardGreeting } from './components/DashboardGreeting';
import { FocusSubject } from './components/FocusSubject';
import { QuickActions } from './components/QuickActions';

/**
 * /dashboard. Sections still to come, each its own component under ./components:
 * payment return (?checkout=success&session_id → verify, then drop both parameters),
 * My Courses (first 5 purchases, '+N more'), Browse All Subjects (first 3, Owned badge),
 * Learning Progress (first 4 mastery entries, View Full Report → /mastery).
 */
export function DashboardPage() {
  const { user } = useAuth();
  const [subject] = useSubjectParam();

  return (
    <Stack spacing={5}>
      <Box component="header">
        <DashboardGreeting email={user?.email} />
        <FocusSubject subject={subject} />
      </Box>
      <QuickActions subject={subject} />
    </Stack>
  );
}
