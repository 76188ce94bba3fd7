import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { LinkBase, Title, useBasename } from 'react-admin';

import type { StudioScreen } from '../layout/studioScreen';
import { hubScreens } from '../screens';
import { OwnerFigures } from './OwnerFigures';

export const StudioHub = () => (
  <Box sx={{ mt: 2, mb: 4 }}>
    <Title title="Studio" />
    <Typography variant="h4" component="h1" gutterBottom>
      Studio
    </Typography>
    <Typography color="text.secondary" sx={{ mb: 3 }}>
      Author content, publish versions, manage users and run generation jobs.
    </Typography>
    <OwnerFigures />
    <Box
      component="ul"
      aria-label="Studio screens"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
      }}
    >
      {hubScreens.map((screen) => (
        <li key={screen.name}>
          <HubCard screen={screen} />
        </li>
      ))}
    </Box>
  </Box>
);

const HubCard = ({ screen: { name, label, description, icon: Icon } }: { screen: StudioScreen }) => {
  const basename = useBasename();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={LinkBase}
        to={`${basename}/${name}`}
        sx={{ height: '100%', display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-start' }}
      >
        <CardContent sx={{ display: 'flex', gap: 2 }}>
          <Icon color="primary" fontSize="large" aria-hidden />
          <Box>
            <Typography variant="h6" component="h2">
              {label}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
};
