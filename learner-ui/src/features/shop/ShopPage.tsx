import { useEffect, useMemo } from 'react';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { useOwnedSubjectIds, usePriceMap } from '../catalog/hooks';
import { useSubjectParam } from '../subjects/hooks/useSubjectParam';
import { usePublishedSubjects } from '../subjects/hooks/useSubjects';
import { matchesSubject } from '../subjects/match-subject';
import { CourseCard, CourseCardSkeleton } from './components/CourseCard';

// The subject in the address may be an id or (like the API accepts) a name or title. In a module of its own,
// so the graph and topic pages that use it do not load the shop.
export { matchesSubject };

/** /shop?subject: published courses; the subject from the address is Featured and shown first. */
export function ShopPage() {
  const [subjectParam] = useSubjectParam();
  const subjects = usePublishedSubjects();
  const { prices, loading: pricesLoading, error: pricesError } = usePriceMap();
  const { owned, loading: ownedLoading } = useOwnedSubjectIds();

  // Shop load failures are only logged; the page then shows what it has (or the empty state).
  useEffect(() => {
    if (subjects.error) console.error('Failed to load courses', subjects.error);
  }, [subjects.error]);
  useEffect(() => {
    if (pricesError) console.error('Failed to load prices', pricesError);
  }, [pricesError]);

  const { list, featuredId } = useMemo(() => {
    const published = subjects.data ?? [];
    const featured = subjectParam ? published.find((s) => matchesSubject(s, subjectParam)) : undefined;
    return {
      featuredId: featured?.id ?? null,
      list: featured ? [featured, ...published.filter((s) => s !== featured)] : published,
    };
  }, [subjects.data, subjectParam]);

  const loading = subjects.isLoading || pricesLoading || ownedLoading;

  return (
    <Box>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
        Browse Courses
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
        One-time purchase per course. Preview any course for free before you buy.
      </Typography>

      {loading ? (
        <Grid container spacing={3} aria-busy="true" aria-label="Loading courses" data-testid="shop-loading">
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
              <CourseCardSkeleton />
            </Grid>
          ))}
        </Grid>
      ) : list.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <StorefrontOutlinedIcon color="primary" sx={{ fontSize: 44, mb: 1 }} aria-hidden />
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            No courses available yet
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            New courses are on their way. Please check back soon.
          </Typography>
        </Paper>
      ) : (
        <Grid container spacing={3}>
          {list.map((subject) => (
            <Grid key={subject.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <CourseCard
                subject={subject}
                price={prices.get(subject.id)}
                featured={subject.id === featuredId}
                owned={owned.has(subject.id)}
              />
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}
