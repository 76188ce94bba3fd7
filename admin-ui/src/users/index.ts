import PeopleIcon from '@mui/icons-material/People';

import type { StudioScreen } from '../layout/studioScreen';
import { UserList } from './UserList';

const users = {
  name: 'users',
  label: 'Users',
  description: 'Assign roles, tags and module unlocks to users.',
  icon: PeopleIcon,
  list: UserList,
} satisfies StudioScreen;

export default users;
