import HistoryIcon from '@mui/icons-material/History';
import { Menu, useBasename, usePermissions } from 'react-admin';

import { ADMIN_ROLE } from '../providers/authProvider';

/** Admins only: the audit trail of every staff change (Studio → Audit). */
export const AuditMenuItem = () => {
  const basename = useBasename();
  const { permissions } = usePermissions<string[]>();
  if (!Array.isArray(permissions) || !permissions.includes(ADMIN_ROLE)) return null;
  return <Menu.Item to={`${basename}/audit`} primaryText="Audit" leftIcon={<HistoryIcon />} />;
};
