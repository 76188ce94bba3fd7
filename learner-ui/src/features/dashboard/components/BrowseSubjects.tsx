import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useOwnedSubjectIds } from '../../catalog/hooks';
import { graphPath, previewPath } from '../../catalog/links';
import { usePublishedSubjects } from '../../subjects/hooks/useSubjects';
import { SectionHeading } from './SectionHeading';

export const BROWSE_SUBJECTS_LIMIT = 3;

/** Browse All Subjects: the first 3 published subjects (the list holds no others); Study when owned, else View (the preview). */
export function BrowseSubjects() {
  const subjects = usePublishedSubjects();
  const { owned } = useOwnedSubjectIds();
  const shown = (subjects.data ?? []).slice(0, BROWSE_SUBJECTS_LIMIT);

  return (
    <Box component="section" aria-labelledby="browse-subjects-heading">
      <SectionHeading id="browse-subjects-heading">Browse All Subjects</SectionHeading>
      {subjects.isLoading ? (
        <Grid container spacing={2} aria-busy="true" aria-label="Loading subjects">
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, md: 4 }}>
              <Skeleton variant="rounded" height={150} />
            </Grid>
          ))}
        </Grid>
      ) : shown.length === 0 ? (
        <Typography color="text.secondary">No courses available yet.</Typography>
      ) : (
        <Grid container spacing={2}>
          {shown.map((s) => {
            const isOwned = owned.has(s.id);
            const titleId = `browse-${s.id}-title`;
            return (
              <Grid key={s.id} size={{ xs: 12, md: 4 }}>
                <Card
                  component="article"
                  aria-labelledby={titleId}
                  variant="outlined"
                  sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
                >
                  <CardContent sx={{ flexGrow: 1 }}>
                    {isOwned && (
                      <Chip label="Owned" color="success" size="small" icon={<CheckCircleIcon />} sx={{ mb: 1 }} />
                    )}
                    <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                      {s.title}
                    </Typography>
                    {s.description && (
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        sx={{
                          mt: 0.5,
                          display: '-webkit-box',
                          WebkitLineClamp: 3,
                          WebkitBoxOrient: 'vertical',
                          overflow: 'hidden',
                        }}
                      >
                        {s.description}
                      </Typography>
                    )}
                  </CardContent>
                  <CardActions sx={{ px: 2, pb: 2 }}>
                    {isOwned ? (
                      <Button component={RouterLink} to={graphPath(s.id)} variant="contained" size="small">
                        Study
                      </Button>
                    ) : (
                      <Button component={RouterLink} to={previewPath(s.id)} variant="outlined" size="small">
                        View
                      </Button>
                    )}
                  </CardActions>
                </Card>
              </Grid>
            );
          })}
        </Grid>
      )}
    </Box>
  );
}
