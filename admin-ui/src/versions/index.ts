import HistoryIcon from '@mui/icons-material/History';

import type { StudioScreen } from '../layout/studioScreen';
import { VersionList } from './VersionList';

const versions = {
  name: 'versions',
  label: 'Versions',
  description: 'Manage content versions and the unpublished overlay of changes.',
  icon: HistoryIcon,
  list: VersionList,
} satisfies StudioScreen;

export default versions;
