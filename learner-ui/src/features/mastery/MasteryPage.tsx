import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage, masteryApi, type SkillMastery } from '../../api';
import { useAuth } from '../auth/auth-context';
import { usePublishedSubjects } from '../subjects/hooks/useSubjects';
import { MasteryRow } from './MasteryBar';
import { levelPercent } from '../graph/mastery-level';

export const NO_MASTERY_TEXT = 'No mastery data yet. Take a diagnostic or practice to begin tracking.';

export const masteryDetailKey = (email: string | undefined) =>
  ['user', email ?? 'anonymous', 'mastery', 'detail'] as const;

interface Bar {
  key: string;
  name: string;
  score: number;
  attempts: number;
  correct: number;
}

interface SubjectGroup {
  subjectId: string;
  topics: Bar[];
  modules: Bar[];
}

/** Skills grouped by subject, then topics and modules (kind category), each sorted by name. */
export function groupSkills(skills: SkillMastery[]): SubjectGroup[] {
  const groups = new Map<string, SubjectGroup>();
  for (const s of skills) {
    const id = s.subjectId;
    let g = groups.get(id);
    if (!g) {
      g = { subjectId: id, topics: [], modules: [] };
      groups.set(id, g);
    }
    const bar: Bar = {
      key: `${id}:${s.kind}:${s.skillId}`,
      name: s.name,
      score: s.score,
      attempts: s.attempts,
      correct: s.correct,
    };
    (s.kind === 'category' ? g.modules : g.topics).push(bar);
  }
  const byName = (a: Bar, b: Bar) => a.name.localeCompare(b.name);
  for (const g of groups.values()) {
    g.topics.sort(byName);
    g.modules.sort(byName);
  }
  return [...groups.values()];
}

/** /mastery: the caller's per-skill mastery as percent bars. */
export function MasteryPage() {
  const { user, isAuthenticated } = useAuth();
  const subjects = usePublishedSubjects();
  const detail = useQuery({
    queryKey: masteryDetailKey(user?.email),
    queryFn: () => masteryApi.get(),
    enabled: isAuthenticated,
  });

  const groups = useMemo(() => groupSkills(detail.data?.skills ?? []), [detail.data]);
  const subjectName = (id: string) => subjects.data?.find((x) => x.id === id)?.name ?? id;

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 3 }}>
        Learning Mastery
      </Typography>

      {detail.isLoading ? (
        <Paper variant="outlined" sx={{ p: 3 }} aria-busy="true" aria-label="Loading mastery">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={28} sx={{ my: 1.5 }} />
          ))}
        </Paper>
      ) : detail.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(detail.error, 'Your mastery could not be loaded.')}
        </Alert>
      ) : groups.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography color="text.secondary">{NO_MASTERY_TEXT}</Typography>
        </Paper>
      ) : (
        <Stack spacing={3}>
          {groups.map((g) => (
            <Paper
              key={g.subjectId}
              variant="outlined"
              component="section"
              aria-labelledby={`mastery-${g.subjectId}`}
              sx={{ p: { xs: 2.5, sm: 3 } }}
            >
              <Typography id={`mastery-${g.subjectId}`} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
                {subjectName(g.subjectId)}
              </Typography>
              <BarGroup title="Topics" bars={g.topics} />
              <BarGroup title="Modules" bars={g.modules} />
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function BarGroup({ title, bars }: { title: string; bars: Bar[] }) {
  if (bars.length === 0) return null;
  return (
    <Box sx={{ '& + &': { mt: 3 } }} role="group" aria-label={title}>
      <Typography component="h3" variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={2}>
        {bars.map((b) => (
          <MasteryRow
            key={b.key}
            name={b.name}
            percent={levelPercent(b.score)}
            detail={b.attempts > 0 ? `${b.correct}/${b.attempts} correct · ` : ''}
          />
        ))}
      </Stack>
    </Box>
  );
}
