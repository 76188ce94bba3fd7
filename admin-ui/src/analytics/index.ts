import InsightsIcon from '@mui/icons-material/Insights';

import type { StudioScreen } from '../layout/studioScreen';
import { Analytics } from './Analytics';

const analytics = {
  name: 'analytics',
  label: 'Analytics',
  description: 'View challenge analytics.',
  icon: InsightsIcon,
  list: Analytics,
} satisfies StudioScreen;

export default analytics;
