import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';

import type { StudioScreen } from '../layout/studioScreen';
import { Migrate } from './Migrate';

const migrate = {
  name: 'migrate',
  label: 'Migrate',
  description: 'Run a one-off content migration.',
  icon: DriveFileMoveIcon,
  list: Migrate,
} satisfies StudioScreen;

export default migrate;
