import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import StarIcon from '@mui/icons-material/Star';
import type { Price, Subject } from '../../../api';
import { checkoutStartPath, graphPath, previewPath } from '../../catalog/links';
import { formatPrice } from '../../catalog/price';

interface CourseCardProps {
  subject: Subject;
  price?: Price;
  featured: boolean;
  owned: boolean;
}

export function CourseCard({ subject, price, featured, owned }: CourseCardProps) {
  const titleId = `course-${subject.id}-title`;
  const title = subject.title;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      data-featured={featured || undefined}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        ...(featured && { borderColor: 'primary.main', borderWidth: 2 }),
      }}
    >
      <CardContent sx={{ flexGrow: 1, p: 3 }}>
        {(featured || owned) && (
          <Stack direction="row" spacing={1} sx={{ mb: 1.5 }}>
            {featured && <Chip label="Featured" color="primary" size="small" icon={<StarIcon />} />}
            {owned && <Chip label="Owned" color="success" size="small" icon={<CheckCircleIcon />} />}
          </Stack>
        )}
        <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          {title}
        </Typography>
        {subject.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {subject.description}
          </Typography>
        )}
        {price && (
          <Box sx={{ mt: 2, display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography component="span" variant="h5" sx={{ fontWeight: 800 }} data-testid="course-price">
              {formatPrice(price.amount, price.currency)}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              one-time
            </Typography>
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ px: 3, pb: 3, pt: 0, gap: 1 }}>
        {owned ? (
          <Button component={RouterLink} to={graphPath(subject.id)} variant="contained">
            Continue
          </Button>
        ) : (
          <Button component={RouterLink} to={checkoutStartPath(subject.id, price?.priceId)} variant="contained">
            Buy Access
          </Button>
        )}
        <Button component={RouterLink} to={previewPath(subject.id)} variant="outlined">
          Preview
        </Button>
      </CardActions>
    </Card>
  );
}

export function CourseCardSkeleton() {
  return (
    <Card variant="outlined" sx={{ height: '100%', p: 3 }} aria-hidden>
      <Skeleton variant="text" width="70%" height={32} />
      <Skeleton variant="text" width="100%" />
      <Skeleton variant="text" width="90%" />
      <Skeleton variant="text" width="40%" height={40} sx={{ mt: 2 }} />
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Skeleton variant="rounded" width={110} height={36} />
        <Skeleton variant="rounded" width={90} height={36} />
      </Stack>
    </Card>
  );
}
