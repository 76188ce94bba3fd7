import PermMediaIcon from '@mui/icons-material/PermMedia';

import type { StudioScreen } from '../layout/studioScreen';
import { MediaManager } from './MediaManager';

const media = {
  name: 'media',
  label: 'Media',
  description: 'Attach media to nodes.',
  icon: PermMediaIcon,
  list: MediaManager,
} satisfies StudioScreen;

export default media;
