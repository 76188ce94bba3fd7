import MenuBookIcon from '@mui/icons-material/MenuBook';

import type { StudioScreen } from '../layout/studioScreen';
import { SubjectsAdmin } from './SubjectsAdmin';

const subjects = {
  name: 'subjects',
  label: 'Subjects',
  description: 'Publish subjects, control course visibility in the shop, and crawl and index web sources.',
  icon: MenuBookIcon,
  list: SubjectsAdmin,
} satisfies StudioScreen;

export default subjects;
