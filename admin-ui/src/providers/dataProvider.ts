import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';

import { analyticsMethods } from '../analytics/analyticsMethods';
import { certificatesMethods } from '../certificates/certificatesMethods';
import { nodeMethods } from '../editor/nodeMethods';
import { dashboardMethods } from '../hub/dashboardMethods';
import { jobsMethods } from '../jobs/jobsMethods';
import { runMethods } from '../jobs/run/runMethods';
import { queueBoardMethods } from '../layout/queueBoardMethods';
import { mediaMethods } from '../media/mediaMethods';
import { migrateMethods } from '../migrate/migrateMethods';
import { outlineMethods } from '../outline/outlineMethods';
import { reviewMethods } from '../review/reviewMethods';
import { subjectsMethods } from '../subjects/subjectsMethods';
import { usersMethods } from '../users/usersMethods';
import { versionsMethods } from '../versions/versionsMethods';
import { ADMIN_API_URL, httpClient } from './httpClient';

/**
 * The Studio's one data provider. The Resources (users, audit, jobs, media, review, certificates, courses)
 * are `/api/admin/<resource>` in ra-data-simple-rest's dialect; every other call is a typed method of its
 * screen's area, typed by the API's OpenAPI document. Screens call them through
 * `useDataProvider<StudioDataProvider>()` (or react-admin's hooks for the Resources), so a 401 signs the
 * user out by authProvider.checkError like any react-admin call.
 */
export const dataProvider = {
  ...simpleRestProvider(ADMIN_API_URL, httpClient),
  ...versionsMethods,
  ...nodeMethods,
  ...outlineMethods,
  ...usersMethods,
  ...mediaMethods,
  ...jobsMethods,
  ...runMethods,
  ...subjectsMethods,
  ...reviewMethods,
  ...certificatesMethods,
  ...analyticsMethods,
  ...migrateMethods,
  ...queueBoardMethods,
  ...dashboardMethods,
} satisfies DataProvider;

export type StudioDataProvider = typeof dataProvider;

export default dataProvider;
