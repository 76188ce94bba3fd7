import WorkHistoryIcon from '@mui/icons-material/WorkHistory';

import type { StudioScreen } from '../layout/studioScreen';
import { JobList } from './JobList';

const jobs = {
  name: 'jobs',
  label: 'Jobs',
  description: 'Run and watch generation jobs.',
  icon: WorkHistoryIcon,
  list: JobList,
} satisfies StudioScreen;

export default jobs;
