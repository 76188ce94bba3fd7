import { Divider } from '@mui/material';
import { Menu, useBasename } from 'react-admin';

import { hubScreens } from '../hub/hubScreens';
import { LearnerSiteMenuItem } from './LearnerSiteMenuItem';

export const StudioMenu = () => {
  const basename = useBasename();
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Hub" />
      {hubScreens.map(({ path, label, icon: Icon }) => (
        <Menu.Item key={path} to={`${basename}${path}`} primaryText={label} leftIcon={<Icon />} />
      ))}
      <Divider />
      <LearnerSiteMenuItem />
    </Menu>
  );
};
