import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useAuth } from '../auth/auth-context';
import { useSubjectParam } from '../subjects/hooks/useSubjectParam';
import { BrowseSubjects } from './components/BrowseSubjects';
import { DashboardGreeting } from './components/DashboardGreeting';
import { FocusSubject } from './components/FocusSubject';
import { LearningProgress } from './components/LearningProgress';
import { MyCourses } from './components/MyCourses';
import { QuickActions } from './components/QuickActions';
import { useCheckoutReturn } from './hooks/useCheckoutReturn';

/**
 * /dashboard: greeting and focus subject, Quick Actions, My Courses (first 5 purchases),
 * Learning Progress (first 4 mastery entries), Browse All Subjects (first 3). Coming back from
 * payment (?checkout=success&session_id) verifies the session and cleans the address.
 */
export function DashboardPage() {
  const { user } = useAuth();
  const [subject] = useSubjectParam();
  const { verified, dismiss } = useCheckoutReturn();

  return (
    <Stack spacing={5}>
      <Box component="header">
        <DashboardGreeting email={user?.email} />
        <FocusSubject subject={subject} />
      </Box>
      {verified?.entitled && (
        <Alert severity="success" onClose={dismiss}>
          Payment confirmed. Your new course is ready in My Courses.
        </Alert>
      )}
      <QuickActions subject={subject} />
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 7 }}>
          <MyCourses />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <LearningProgress />
        </Grid>
      </Grid>
      <BrowseSubjects />
    </Stack>
  );
}
