import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Link,
  List,
  ListItem,
  Stack,
  Typography,
} from '@mui/material';
import type { Schema } from '@lp/api-types';
import { LinkBase, useBasename } from 'react-admin';

import { editorPath } from '../shared/editorPath';
import { formatWhen } from '../shared/formatWhen';
import type { VersionsLoad } from './useVersions';

export const EMPTY_MESSAGE = 'No versions found';

/** Version History: v{n}, Current on the first entry and Published on the others, Has Overlay, date, changed nodes. */
export const VersionHistory = ({ load, subjectId }: { load: VersionsLoad; subjectId: string }) => {
  const basename = useBasename();
  const data = load.state === 'loaded' ? load.data : null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="versions-heading" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="versions-heading" variant="h6" component="h2" gutterBottom>
          Version History
        </Typography>
        {load.state === 'loading' && (
          <Box role="status" aria-label="Loading versions" sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress size={28} />
          </Box>
        )}
        {load.state === 'error' && <Alert severity="error">Could not load the versions: {load.message}</Alert>}
        {data && data.versions.length === 0 && <Typography color="text.secondary">{EMPTY_MESSAGE}</Typography>}
        {data && data.versions.length > 0 && (
          <List aria-label="Versions" disablePadding>
            {data.versions.map((version, index) => (
              <VersionItem
                key={version.id}
                version={version}
                current={index === 0}
                hasOverlay={index === 0 && data.hasOverlay}
                subjectId={subjectId}
                basename={basename}
              />
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
};

const VersionItem = ({
  version,
  current,
  hasOverlay,
  subjectId,
  basename,
}: {
  version: Schema<'VersionResponse'>;
  current: boolean;
  hasOverlay: boolean;
  subjectId: string;
  basename: string;
}) => (
  <ListItem divider sx={{ display: 'block', px: 0 }} aria-label={`v${version.version}`}>
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        v{version.version}
      </Typography>
      {current ? (
        <Chip size="small" color="primary" label="Current" />
      ) : (
        <Chip size="small" variant="outlined" label="Published" />
      )}
      {hasOverlay && <Chip size="small" color="warning" label="Has Overlay" />}
      <Typography variant="body2" color="text.secondary" component="span">
        {formatWhen(version.createdAt)}
      </Typography>
    </Stack>
    {version.changedNodes.length > 0 && (
      <Box sx={{ mt: 0.5 }}>
        <Typography variant="body2" color="text.secondary" component="span">
          Changed nodes:{' '}
        </Typography>
        {version.changedNodes.map((nodeId, i) => (
          <span key={nodeId}>
            {i > 0 && ', '}
            <Link component={LinkBase} to={`${basename}${editorPath(nodeId, subjectId)}`} variant="body2">
              {nodeId}
            </Link>
          </span>
        ))}
      </Box>
    )}
  </ListItem>
);
