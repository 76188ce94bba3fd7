import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import GridViewIcon from '@mui/icons-material/GridView';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import { useChallengeList } from '../challenges/hooks';
import { usePriceMap } from '../catalog/hooks';
import { matchesSubject } from '../subjects/match-subject';
import { useSubjectParam } from '../subjects/hooks/useSubjectParam';
import { usePublishedSubjects } from '../subjects/hooks/useSubjects';
import { ChooseSubjectPrompt } from './components/ChooseSubjectPrompt';
import { GraphAlerts } from './components/GraphAlerts';
import { GraphHeader } from './components/GraphHeader';
import { GraphSkeleton } from './components/GraphSkeleton';
import { ReadyToLearn } from './components/ReadyToLearn';
import { TagsAndUnlocks } from './components/TagsAndUnlocks';
import { TopicGrid } from './components/TopicGrid';
import { VagusChallenges } from './components/VagusChallenges';
import { readyOf, topicStatusOf, unlockedOf, useGraph, useMyTags, usePath } from './hooks';
import { useTopicFilter } from './useTopicFilter';

const VAGUS_SUBJECT_ID = 'vagus-nerve';

// The map (React Flow and dagre) loads only when it is opened.
const GraphMap = lazy(() => import('./components/GraphMap'));

type View = 'cards' | 'map';

/** Subject id from the address (which may be a name or title, like the API accepts). */
function useResolvedSubjectId(subject: string | null, fromServer: string | undefined): string | null {
  const subjects = usePublishedSubjects();
  if (fromServer) return fromServer;
  if (!subject) return null;
  return (subjects.data ?? []).find((s) => matchesSubject(s, subject))?.id ?? subject;
}

/** /graph?subject: the subject's topics with search, category chips, stats and assessments. */
export function GraphPage() {
  const [subject] = useSubjectParam();
  if (!subject) return <ChooseSubjectPrompt title="Learning Graph" />;
  return <GraphForSubject subject={subject} />;
}

function GraphForSubject({ subject }: { subject: string }) {
  const graph = useGraph(subject);
  const subjectId = useResolvedSubjectId(subject, graph.data?.subject.id) ?? subject;
  const subjectName = graph.data?.subject.name ?? graph.data?.subject.title;
  // the price shows only in the buy banner of a learner who lacks the course (the graph answers 403)
  const { prices } = usePriceMap(graph.isError);
  const tags = useMyTags();

  const nodes = useMemo(() => graph.data?.nodes ?? [], [graph.data]);
  // Kept here, not in the grid, so the search survives the grid being hidden by a failed refresh.
  const filter = useTopicFilter(nodes);
  const owner = graph.isSuccess;
  const isVagus = subjectId === VAGUS_SUBJECT_ID;
  const moduleTitles = new Map((graph.data?.modules ?? []).map((m) => [m.id, m.title]));
  // complete, ready and unlocked topics and locked modules: one read of the path, fetched beside the graph (not
  // after it); shown only to owners, and a failure marks nothing
  const path = usePath(subjectId);
  const status = useMemo(() => topicStatusOf(path.data), [path.data]);
  const ready = useMemo(() => readyOf(path.data), [path.data]);
  const readyIds = useMemo(() => new Set(ready.map((t) => t.id)), [ready]);
  const unlocks = useMemo(() => unlockedOf(path.data), [path.data]);
  const [view, setView] = useState<View>('cards');
  // The vagus panel's optional buttons come from the challenge list: part of what the page waits for.
  const challenges = useChallengeList();

  const header = (
    <GraphHeader
      subjectLabel={subjectName ?? subject}
      subjectId={subjectId}
      isVagus={isVagus}
      refreshing={graph.isFetching}
      onRefresh={() => void graph.refetch()}
    />
  );
  // Each section above the cards comes from its own call. The page shows them all in one render, in place of
  // one skeleton, so no section appears above another that is already on screen (a layout shift). A failed
  // call counts as arrived.
  const arrived = !graph.isLoading && (!owner || ![path, tags, ...(isVagus ? [challenges] : [])].some(isLoading));
  // ...rendered as a transition: React builds the cards in slices, not in one long task that blocks a phone's input
  const shown = useDeferredValue(arrived);
  if (!arrived || !shown) {
    return (
      <Box>
        {header}
        <GraphSkeleton challenges={isVagus} />
      </Box>
    );
  }

  return (
    <Box>
      {header}
      <GraphAlerts
        error={graph.isError ? graph.error : null}
        subjectId={subjectId}
        price={prices.get(subjectId)}
        onRetry={() => void graph.refetch()}
      />
      {owner && isVagus && <VagusChallenges list={challenges.data} />}
      <TagsAndUnlocks
        achievements={tags.data ?? []}
        subjectId={subjectId}
        unlocks={owner ? unlocks : []}
        moduleTitles={moduleTitles}
      />
      {owner && (
        <ReadyToLearn
          topics={ready}
          loading={path.isLoading}
          subjectId={subjectId}
          total={nodes.length}
          blockedReason={path.data?.next.type === 'practice' ? path.data.next.reason : undefined}
        />
      )}
      {owner && (
        <ToggleButtonGroup
          value={view}
          exclusive
          size="small"
          onChange={(_, v: View | null) => v && setView(v)}
          aria-label="View"
          sx={{ mb: 2 }}
        >
          <ToggleButton value="cards" aria-label="Cards">
            <GridViewIcon fontSize="small" sx={{ mr: 0.75 }} aria-hidden />
            Cards
          </ToggleButton>
          <ToggleButton value="map" aria-label="Map">
            <AccountTreeOutlinedIcon fontSize="small" sx={{ mr: 0.75 }} aria-hidden />
            Map
          </ToggleButton>
        </ToggleButtonGroup>
      )}
      {owner && view === 'map' ? (
        <Suspense
          fallback={
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label="Loading map" />
            </Box>
          }
        >
          <GraphMap
            nodes={nodes}
            ready={readyIds}
            subjectId={subjectId}
            modules={graph.data?.modules ?? []}
            status={status}
          />
        </Suspense>
      ) : (
        (graph.isLoading || owner) && (
          <TopicGrid nodes={nodes} filter={filter} loading={graph.isLoading} subjectId={subjectId} status={status} />
        )
      )}
    </Box>
  );
}

/** A first load still out (a refetch after a failure is not: the page would go back to its skeleton). */
const isLoading = (query: { isLoading: boolean; isFetched: boolean }) => query.isLoading && !query.isFetched;
