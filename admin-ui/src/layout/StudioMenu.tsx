import { Divider } from '@mui/material';
import { Menu, useBasename } from 'react-admin';

import { hubScreens } from '../screens';
import { AuditMenuItem } from './AuditMenuItem';
import { LearnerSiteMenuItem } from './LearnerSiteMenuItem';
import { QueuesMenuItem } from './QueuesMenuItem';

export const StudioMenu = () => {
  const basename = useBasename();
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Hub" />
      {hubScreens.map(({ name, label, icon: Icon }) => (
        <Menu.Item key={name} to={`${basename}/${name}`} primaryText={label} leftIcon={<Icon />} />
      ))}
      <Divider />
      <QueuesMenuItem />
      <AuditMenuItem />
      <LearnerSiteMenuItem />
    </Menu>
  );
};
