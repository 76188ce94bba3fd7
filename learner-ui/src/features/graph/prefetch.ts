import type { QueryClient } from '@tanstack/react-query';
import { graphApi } from '../../api';
import type { AuthSnapshot } from '../auth/session-controller';
import { graphWithMastery, learningKeys } from './hooks';

const TOPIC_PAGE = /^\/node\/([^/]+)\/?$/;
const GRAPH_PAGE = /^\/graph\/?$/;

/**
 * A signed-in first page's own data, asked for as soon as the session is known (main.tsx) rather than once the
 * page's code has loaded and rendered: on a phone that is a few hundred milliseconds of script before the topic or
 * the graph (the page's largest paint) could even be requested. The page's hooks then read the same query.
 * Staff see a topic as a draft preview (another call), so only learners' topic pages are fetched here.
 */
export function prefetchSignedInPage(queryClient: QueryClient, session: AuthSnapshot, location: Location): void {
  if (session.status !== 'authenticated' || !session.user) return;
  const subject = new URLSearchParams(location.search).get('subject');
  if (!subject) return;
  const email = session.user.email;
  const topic = TOPIC_PAGE.exec(location.pathname);
  if (topic) {
    if (session.user.roles.some((r) => r === 'studio' || r === 'admin')) return;
    let nodeId: string;
    try {
      nodeId = decodeURIComponent(topic[1]);
    } catch {
      return; // a malformed address: the page says so
    }
    void queryClient.prefetchQuery({
      queryKey: learningKeys.node(email, subject, nodeId),
      queryFn: () => graphApi.node(nodeId, subject),
    });
  } else if (GRAPH_PAGE.test(location.pathname)) {
    void queryClient.prefetchQuery({
      queryKey: learningKeys.graph(email, subject),
      queryFn: () => graphWithMastery(subject),
    });
  }
}
