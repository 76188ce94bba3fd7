import analytics from '../analytics';
import certificates from '../certificates';
import jobs from '../jobs';
import media from '../media';
import review from '../review';
import subjects from '../subjects';
import tts from '../tts';
import ttsVideo from '../tts-video';
import users from '../users';
import versions from '../versions';
import type { StudioScreen } from '../layout/studioScreen';

/**
 * The screens on the hub and in the menu, in this order. Migrate is deliberately absent:
 * it is a one-off job reached by its URL only.
 */
export const hubScreens: readonly StudioScreen[] = [
  versions,
  subjects,
  users,
  media,
  tts,
  ttsVideo,
  jobs,
  review,
  certificates,
  analytics,
];
