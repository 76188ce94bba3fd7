import { matchPath } from 'react-router-dom';
import { PRODUCT_NAME } from '@lp/shared/product';

/** The product's one name (@lp/shared), last in every document title. */
export const SITE_NAME = PRODUCT_NAME;

/** One title per route of the route table (spec: studio-and-routes.md), most specific first. */
const ROUTE_TITLES: readonly (readonly [pattern: string, title: string])[] = [
  ['/', 'Adaptive learning'],
  ['/login', 'Sign In'],
  ['/register', 'Create Account'],
  ['/request-reset', 'Reset Password'],
  ['/forgot', 'Reset Password'],
  ['/verify', 'Verify Email'],
  ['/reset-password', 'Set a New Password'],
  ['/reset', 'Set a New Password'],
  ['/shop', 'Shop'],
  ['/preview', 'Free Preview'],
  ['/preview/node/:nodeId', 'Sample Lesson'],
  ['/lectures', 'Lectures'],
  ['/checkout/start', 'Checkout'],
  ['/checkout/dev/:sessionId', 'Checkout'],
  ['/certificates/:id', 'Certificate'],
  ['/dashboard', 'Dashboard'],
  ['/graph', 'Learning Graph'],
  ['/node/:nodeId', 'Topic'],
  ['/quiz', 'Quiz'],
  ['/practice', 'Practice'],
  ['/notes', 'My Notes'],
  ['/bookmarks', 'My Bookmarks'],
  ['/mastery', 'Mastery'],
  ['/challenges', 'Challenges'],
  ['/challenges/certificates', 'My certificates'],
  ['/challenge/:cid', 'Challenge'],
  ['/challenge/:cid/day/:day', 'Challenge Day'],
];

const QUIZ_TITLES: Record<string, string> = {
  diag: 'Diagnostic',
  'diag-clinician': 'Clinician Diagnostic',
  final: 'Post Test',
};

/** The route's own name, or 'Page Not Found' for a path outside the route table. */
export function routeTitle(pathname: string, search = ''): string {
  const params = new URLSearchParams(search);
  for (const [pattern, title] of ROUTE_TITLES) {
    const match = matchPath({ path: pattern, end: true }, pathname);
    if (!match) continue;
    if (pattern === '/quiz') return QUIZ_TITLES[params.get('kind') ?? ''] ?? title;
    if (pattern === '/challenge/:cid/day/:day') return `${title} ${match.params.day ?? ''}`.trim();
    return title;
  }
  return 'Page Not Found';
}

/** 'Learning Graph · Vagus Nerve · LearnPath': the page, then the course when there is one, then the site. */
export function documentTitle(page: string, subjectName?: string | null): string {
  return [page, subjectName, SITE_NAME].filter((part) => part && part.trim()).join(' · ');
}
