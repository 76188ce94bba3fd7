import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { errorMessage, isApiError } from '../../api';
import { useAuth } from '../auth/auth-context';
import { usePriceMap } from '../catalog/hooks';
import { checkoutStartPath } from '../catalog/links';
import { formatPrice } from '../catalog/price';
import { StatsAndSearch } from '../common/StatsAndSearch';
import { htmlToText } from '../common/dates';
import { matchesSubject } from '../shop/ShopPage';
import { useSubjectParam } from '../subjects/hooks/useSubjectParam';
import { usePublishedSubjects } from '../subjects/hooks/useSubjects';
import { ChooseSubjectPrompt } from './components/ChooseSubjectPrompt';
import { TopicCard, TopicCardSkeleton } from './components/TopicCard';
import { useChallenges, useGraph, useMyTags, useMyUnlocks } from './hooks';
import { challengePath, quizPath } from './links';
import { isMastered } from './mastery-level';

export const ALL_TOPICS = 'All Topics';
export const VAGUS_SUBJECT_ID = 'vagus-nerve';
/** Optional challenge links: shown only when GET /api/challenges lists them. */
export const OPTIONAL_VAGUS_CHALLENGES: { id: string; label: string }[] = [
  { id: 'vagus-breath-7', label: 'Vagus Breath 7d' },
  { id: 'vagus-tvns-10', label: 'Vagus tVNS 10d' },
];

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
  const { hasRole } = useAuth();
  const graph = useGraph(subject);
  const subjectId = useResolvedSubjectId(subject, graph.data?.subject.id) ?? subject;
  const subjectName = graph.data?.subject.name ?? graph.data?.subject.title;
  const { prices } = usePriceMap();
  const tags = useMyTags();
  const unlocks = useMyUnlocks(subjectId);

  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);

  const nodes = useMemo(() => graph.data?.nodes ?? [], [graph.data]);
  const categories = useMemo(() => {
    const seen: string[] = [];
    for (const n of nodes) if (n.category && !seen.includes(n.category)) seen.push(n.category);
    return seen;
  }, [nodes]);
  const filtered = useMemo(() => {
    const term = search.trim().toLowerCase();
    return nodes.filter((n) => {
      if (category && n.category !== category) return false;
      if (!term) return true;
      return [n.title, n.category ?? '', htmlToText(n.summary)].some((t) => t.toLowerCase().includes(term));
    });
  }, [nodes, search, category]);
  const masteredCount = nodes.filter((n) => isMastered(n.mastery_level)).length;

  const forbidden = isApiError(graph.error) && graph.error.status === 403;
  const notFound = isApiError(graph.error) && graph.error.status === 404;
  const owner = graph.isSuccess;
  const isVagus = subjectId === VAGUS_SUBJECT_ID;
  const challenges = useChallenges(owner && isVagus);
  const price = prices.get(subjectId);
  const moduleTitles = new Map((graph.data?.modules ?? []).map((m) => [m.id, m.title]));
  const clinician = hasRole('clinician');

  const clearFilters = () => {
    setSearch('');
    setCategory(null);
  };

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' }, mb: 3 }}
      >
        <Box>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
            Learning Graph
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subjectName ?? subject}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button component={RouterLink} to={quizPath(subjectId, 'diag')} variant="contained">
            Take Diagnostic
          </Button>
          <Button component={RouterLink} to={quizPath(subjectId, 'final')} variant="outlined">
            Take Post Test
          </Button>
          {isVagus &&
            (clinician ? (
              <Button component={RouterLink} to={quizPath(subjectId, 'diag-clinician')} variant="outlined">
                Clinician Diagnostic
              </Button>
            ) : (
              <Tooltip title="Requires clinician access">
                <span data-testid="clinician-diagnostic">
                  <Button variant="outlined" disabled>
                    Clinician Diagnostic
                  </Button>
                </span>
              </Tooltip>
            ))}
          <Button
            variant="text"
            startIcon={<RefreshIcon />}
            onClick={() => void graph.refetch()}
            disabled={graph.isFetching}
          >
            Refresh
          </Button>
        </Stack>
      </Stack>

      {forbidden && (
        <Alert
          severity="info"
          sx={{ mb: 3, alignItems: 'center' }}
          action={
            <Button
              component={RouterLink}
              to={checkoutStartPath(subjectId, price?.priceId)}
              variant="contained"
              size="small"
            >
              Buy Access
            </Button>
          }
        >
          <AlertTitle>{price ? 'Full course access' : 'Course locked'}</AlertTitle>
          {price
            ? `Unlock every topic, the AI tutor and the assessments for a one-time ${formatPrice(price.amount, price.currency)}.`
            : errorMessage(graph.error, 'You do not have access to this course. Buy access to continue.')}
        </Alert>
      )}
      {notFound && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {errorMessage(graph.error, 'This subject does not exist.')}
        </Alert>
      )}
      {graph.isError && !forbidden && !notFound && (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void graph.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(graph.error, 'The learning graph could not be loaded.')}
        </Alert>
      )}

      {owner && isVagus && (
        <Paper variant="outlined" component="section" aria-label="Challenges" sx={{ p: 2, mb: 3 }}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Guided challenges
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button component={RouterLink} to={challengePath('vagus-reset-14')} variant="contained" color="secondary">
              Start Vagus Reset 14d
            </Button>
            {OPTIONAL_VAGUS_CHALLENGES.map(({ id, label }) => {
              const found = challenges.data?.find((c) => c.id === id);
              if (!found) return null;
              return (
                <Button key={id} component={RouterLink} to={challengePath(id)} variant="outlined" color="secondary">
                  {found.name || label}
                </Button>
              );
            })}
          </Stack>
        </Paper>
      )}

      {((tags.data?.length ?? 0) > 0 || (owner && (unlocks.data?.length ?? 0) > 0)) && (
        <Stack spacing={1} sx={{ mb: 3 }}>
          {(tags.data?.length ?? 0) > 0 && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }} aria-label="Your tags" role="group">
              <Typography variant="body2" color="text.secondary">
                Your tags:
              </Typography>
              {tags.data?.map((t) => <Chip key={t} label={t} size="small" />)}
            </Stack>
          )}
          {owner && (unlocks.data?.length ?? 0) > 0 && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }} aria-label="Unlocked modules" role="group">
              <Typography variant="body2" color="text.secondary">
                Unlocked modules:
              </Typography>
              {unlocks.data?.map((m) => (
                <Chip key={m} label={moduleTitles.get(m) ?? m} size="small" color="success" variant="outlined" />
              ))}
            </Stack>
          )}
        </Stack>
      )}

      {(graph.isLoading || owner) && (
        <>
          <StatsAndSearch
            stats={[
              { label: 'Total Topics', value: nodes.length },
              { label: 'Categories', value: categories.length },
              { label: 'Mastered', value: masteredCount },
            ]}
            loading={graph.isLoading}
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

          {graph.isLoading ? (
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
              {filtered.map((node) => (
                <Grid key={node.id} size={{ xs: 12, sm: 6, md: 4 }}>
                  <TopicCard node={node} subjectId={subjectId} />
                </Grid>
              ))}
            </Grid>
          )}
        </>
      )}
    </Box>
  );
}
