import analytics from './analytics';
import audit from './audit';
import certificates from './certificates';
import courses from './courses';
import editor from './editor';
import jobs from './jobs';
import type { StudioScreen } from './layout/studioScreen';
import media from './media';
import migrate from './migrate';
import review from './review';
import subjects from './subjects';
import tts from './tts';
import ttsVideo from './tts-video';
import users from './users';
import versions from './versions';

/**
 * The one registry of Studio screens. App builds a react-admin `<Resource>` for each entry of
 * `resources`; the hub's cards and the menu show `hubScreens`, in this order.
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

/**
 * Every resource: the hub's screens, then those reached by URL only (Migrate is a one-off job;
 * the node editor opens from Versions; Audit from the admins' menu) and data-only resources (courses,
 * embedded in Subjects).
 */
export const resources: readonly StudioScreen[] = [...hubScreens, migrate, editor, audit, courses];
