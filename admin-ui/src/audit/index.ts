import HistoryIcon from '@mui/icons-material/History';

import type { StudioScreen } from '../layout/studioScreen';
import { AuditList } from './AuditList';

/** Reached from the menu by admins (not a hub card: the hub's screens are the spec's). */
const audit = {
  name: 'audit',
  label: 'Audit',
  description: 'Every change staff made: who, what and when.',
  icon: HistoryIcon,
  list: AuditList,
} satisfies StudioScreen;

export default audit;
