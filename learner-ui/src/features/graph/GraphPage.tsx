import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { usePriceMap } from '../catalog/hooks';
import { matchesSubject } from '../shop/ShopPage';
import { useSubjectParam } from '../subjects/hooks/useSubjectParam';
import { usePublishedSubjects } from '../subjects/hooks/useSubjects';
import { ChooseSubjectPrompt } from './components/ChooseSubjectPrompt';
import { GraphAlerts } from './components/GraphAlerts';
import { GraphHeader } from './components/GraphHeader';
import { TagsAndUnlocks } from './components/TagsAndUnlocks';
import { TopicGrid } from './components/TopicGrid';
import { VagusChallenges } from './components/VagusChallenges';
import { useGraph, useMyTags, useMyUnlocks } from './hooks';
import { useTopicFilter } from './useTopicFilter';

const VAGUS_SUBJECT_ID = 'vagus-nerve';

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
  const { prices } = usePriceMap();
  const tags = useMyTags();
  const unlocks = useMyUnlocks(subjectId);

  const nodes = useMemo(() => graph.data?.nodes ?? [], [graph.data]);
  // Kept here, not in the grid, so the search survives the grid being hidden by a failed refresh.
  const filter = useTopicFilter(nodes);
  const owner = graph.isSuccess;
  const isVagus = subjectId === VAGUS_SUBJECT_ID;
  const moduleTitles = new Map((graph.data?.modules ?? []).map((m) => [m.id, m.title]));

  return (
    <Box>
      <GraphHeader
        subjectLabel={subjectName ?? subject}
        subjectId={subjectId}
        isVagus={isVagus}
        refreshing={graph.isFetching}
        onRefresh={() => void graph.refetch()}
      />
      <GraphAlerts
        error={graph.isError ? graph.error : null}
        subjectId={subjectId}
        price={prices.get(subjectId)}
        onRetry={() => void graph.refetch()}
      />
      {owner && isVagus && <VagusChallenges />}
      <TagsAndUnlocks tags={tags.data ?? []} unlocks={owner ? (unlocks.data ?? []) : []} moduleTitles={moduleTitles} />
      {(graph.isLoading || owner) && (
        <TopicGrid nodes={nodes} filter={filter} loading={graph.isLoading} subjectId={subjectId} />
      )}
    </Box>
  );
}
