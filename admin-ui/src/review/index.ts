import RateReviewIcon from '@mui/icons-material/RateReview';

import type { StudioScreen } from '../layout/studioScreen';
import { ReviewQueue } from './ReviewQueue';

const review = {
  name: 'review',
  label: 'Review',
  description: 'Manually grade submissions.',
  icon: RateReviewIcon,
  list: ReviewQueue,
} satisfies StudioScreen;

export default review;
