import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import { errorMessage, isApiError, type CoursePreview, type PreviewModule } from '../../api';
import { usePreview } from '../catalog/hooks';
import { checkoutStartPath, previewNodePath } from '../catalog/links';
import { formatPrice } from '../catalog/price';
import { FullPageSpinner } from '../common/FullPageSpinner';

/** Lessons listed per module; the rest are counted as "+N more". */
export const LESSONS_LISTED = 4;

export function PreviewMessage({ title, text }: { title: string; text: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, mx: 'auto', textAlign: 'center' }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {text}
      </Typography>
      <Button component={RouterLink} to="/shop" variant="contained">
        Browse Courses
      </Button>
    </Paper>
  );
}

function ModuleCard({
  module,
  subjectId,
  sampleIds,
}: {
  module: PreviewModule;
  subjectId: string;
  sampleIds: Set<string>;
}) {
  const { lessons } = module;
  const listed = lessons.slice(0, LESSONS_LISTED);
  const total = Math.max(module.lessonCount ?? lessons.length, lessons.length);
  const more = total - listed.length;
  const headingId = `module-${module.id}-title`;
  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3 }}>
        <Typography id={headingId} component="h3" variant="h6" sx={{ fontWeight: 700 }}>
          {module.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {total} {total === 1 ? 'lesson' : 'lessons'}
        </Typography>
        <List dense sx={{ mt: 1 }}>
          {listed.map((lesson) => {
            const sample = lesson.preview || sampleIds.has(lesson.id);
            return sample ? (
              <ListItem key={lesson.id} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={previewNodePath(lesson.id, subjectId)}
                  sx={{ borderRadius: 2 }}
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <PlayCircleOutlineIcon color="primary" fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={lesson.title} />
                  <Chip label="Free sample" color="secondary" size="small" sx={{ ml: 1 }} />
                </ListItemButton>
              </ListItem>
            ) : (
              <ListItem key={lesson.id} sx={{ px: 2 }}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <LockOutlinedIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={lesson.title} />
              </ListItem>
            );
          })}
        </List>
        {more > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ pl: 2 }}>
            +{more} more
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function PreviewContent({ data }: { data: CoursePreview }) {
  const { subject, price } = data;
  const title = subject.title ?? subject.name ?? subject.id;
  const { samples } = data;
  const sampleIds = new Set(samples.map((s) => s.id));
  return (
    <Stack spacing={5}>
      <Grid container spacing={3} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: '0.12em' }}>
            Course preview
          </Typography>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
            {title}
          </Typography>
          {subject.description && (
            <Typography color="text.secondary" sx={{ mt: 1.5 }}>
              {subject.description}
            </Typography>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
            {price && (
              <Box sx={{ mb: 2 }}>
                <Typography component="span" variant="h4" sx={{ fontWeight: 800 }} data-testid="preview-price">
                  {formatPrice(price.amount, price.currency)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  one-time
                </Typography>
              </Box>
            )}
            <Button
              component={RouterLink}
              to={checkoutStartPath(subject.id, price?.priceId)}
              variant="contained"
              size="large"
              fullWidth
            >
              Buy Access
            </Button>
          </Paper>
        </Grid>
      </Grid>

      <Box component="section" aria-labelledby="free-preview-heading">
        <Typography id="free-preview-heading" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
          Free preview
        </Typography>
        <Grid container spacing={3}>
          {data.modules.slice(0, 2).map((module) => (
            <Grid key={module.id} size={{ xs: 12, md: 6 }}>
              <ModuleCard module={module} subjectId={subject.id} sampleIds={sampleIds} />
            </Grid>
          ))}
        </Grid>
      </Box>

      {samples.length > 0 && (
        <Box component="section" aria-labelledby="sample-lessons-heading">
          <Typography id="sample-lessons-heading" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
            Sample lessons
          </Typography>
          <Paper variant="outlined">
            <List>
              {samples.slice(0, 2).map((sample) => (
                <ListItem key={sample.id} disablePadding>
                  <ListItemButton component={RouterLink} to={previewNodePath(sample.id, subject.id)}>
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <PlayCircleOutlineIcon color="primary" fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={sample.title} secondary="Read for free" />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
        </Box>
      )}
    </Stack>
  );
}

/** /preview?subject (public): the course's free preview. */
export function PreviewPage() {
  const [params] = useSearchParams();
  const subject = params.get('subject')?.trim() || null;
  const preview = usePreview(subject);

  if (!subject) {
    return <PreviewMessage title="Course Preview" text="Choose a course in the shop to see its free preview." />;
  }
  if (preview.isLoading) return <FullPageSpinner label="Loading preview" />;
  if (preview.isError || !preview.data) {
    if (isApiError(preview.error) && preview.error.status === 404) {
      return (
        <PreviewMessage title="Course not found" text="This course is not available. Have a look at the others." />
      );
    }
    return (
      <Alert severity="error">
        {errorMessage(preview.error, 'The preview could not be loaded. Please try again.')}
      </Alert>
    );
  }
  return <PreviewContent data={preview.data} />;
}
