import { startTransition, useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import type { GraphNode } from '../../../api';
import { StatsAndSearch } from '../../common/StatsAndSearch';
import type { TopicFilter } from '../useTopicFilter';
import type { TopicStatus } from './GraphMap';
import { TopicCard, TopicCardSkeleton } from './TopicCard';

const ALL_TOPICS = 'All Topics';
const FIRST_CARDS = 6;

/**
 * Stats, search and category chips over the topic cards (skeletons while the graph loads); each card marked
 * complete or locked by `status`.
 */
export function TopicGrid({
  nodes,
  filter,
  loading,
  subjectId,
  status,
}: {
  nodes: GraphNode[];
  filter: TopicFilter;
  loading: boolean;
  subjectId: string;
  /** complete topics and locked modules, from the learner's path */
  status?: TopicStatus;
}) {
  const { search, setSearch, category, setCategory, categories, filtered, masteredCount, clearFilters } = filter;
  // The first cards render with the page, the rest right after, as a transition: two shorter tasks on a phone
  // instead of one long one (the first screen shows one or two cards anyway).
  const [allCards, setAllCards] = useState(false);
  useEffect(() => {
    if (!allCards) startTransition(() => setAllCards(true));
  }, [allCards]);
  const cards = allCards ? filtered : filtered.slice(0, FIRST_CARDS);

  return (
    <>
      <StatsAndSearch
        stats={[
          { label: 'Total Topics', value: nodes.length },
          { label: 'Categories', value: categories.length },
          { label: 'Mastered', value: masteredCount },
        ]}
        loading={loading}
        searchLabel="Search topics"
        search={search}
        onSearchChange={setSearch}
        searchMb={2}
      />
      <Stack
        direction="row"
        spacing={1}
        sx={{ mb: 3, flexWrap: 'wrap', rowGap: 1 }}
        role="group"
        aria-label="Filter by category"
      >
        {[null, ...categories].map((c) => {
          const selected = category === c;
          return (
            <Chip
              key={c ?? ALL_TOPICS}
              label={c ?? ALL_TOPICS}
              onClick={() => setCategory(c)}
              color={selected ? 'primary' : 'default'}
              variant={selected ? 'filled' : 'outlined'}
              aria-pressed={selected}
            />
          );
        })}
      </Stack>

      {loading ? (
        <Grid container spacing={3} aria-busy="true" aria-label="Loading topics" data-testid="graph-loading">
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
              <TopicCardSkeleton />
            </Grid>
          ))}
        </Grid>
      ) : filtered.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <SearchOffIcon color="primary" sx={{ fontSize: 44, mb: 1 }} aria-hidden />
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            No topics found
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
            Try a different search or category.
          </Typography>
          <Button variant="outlined" onClick={clearFilters}>
            Clear Filters
          </Button>
        </Paper>
      ) : (
        <Grid container spacing={3}>
          {cards.map((node) => (
            <Grid key={node.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <TopicCard
                node={node}
                subjectId={subjectId}
                complete={status?.complete.has(node.id) ?? false}
                locked={status?.lockedModules.get(node.moduleId) ?? null}
              />
            </Grid>
          ))}
        </Grid>
      )}
    </>
  );
}
