import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Purchase } from '../../../api';
import { usePurchases } from '../../catalog/hooks';
import { graphPath } from '../../catalog/links';
import { SectionHeading } from './SectionHeading';

export const MY_COURSES_LIMIT = 5;

function purchasedOn(date: string): string {
  const d = new Date(date);
  return `Purchased ${d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })}`;
}

/** My Courses: the first 5 purchased subjects (newest first), each with Study Now. */
export function MyCourses() {
  const purchases = usePurchases();

  // One row per subject (a refund and a new purchase should not list the course twice).
  const courses = useMemo(() => {
    const seen = new Set<string>();
    const out: Purchase[] = [];
    for (const p of purchases.data ?? []) {
      if (seen.has(p.subjects.id)) continue;
      seen.add(p.subjects.id);
      out.push(p);
    }
    return out;
  }, [purchases.data]);
  const shown = courses.slice(0, MY_COURSES_LIMIT);
  const more = courses.length - shown.length;

  return (
    <Box component="section" aria-labelledby="my-courses-heading">
      <SectionHeading id="my-courses-heading">My Courses</SectionHeading>
      <Paper variant="outlined">
        {purchases.isLoading ? (
          <Box sx={{ p: 2 }} aria-busy="true" aria-label="Loading courses">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={48} sx={{ my: 1 }} />
            ))}
          </Box>
        ) : shown.length === 0 ? (
          <Box sx={{ p: 3, textAlign: 'center' }}>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              You have no courses yet. Buy access to a course to start learning.
            </Typography>
            <Button component={RouterLink} to="/shop" variant="contained">
              Visit the Shop
            </Button>
          </Box>
        ) : (
          <>
            <List aria-labelledby="my-courses-heading" disablePadding>
              {shown.map((p, i) => {
                const s = p.subjects;
                return (
                  <ListItem key={p.id} divider={i < shown.length - 1 || more > 0} sx={{ gap: 2, py: 1.5 }}>
                    <ListItemText
                      primary={s.title}
                      secondary={purchasedOn(p.created_at)}
                      slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                    />
                    <Button
                      component={RouterLink}
                      to={graphPath(s.id)}
                      variant="contained"
                      size="small"
                      sx={{ flexShrink: 0 }}
                    >
                      Study Now
                    </Button>
                  </ListItem>
                );
              })}
            </List>
            {more > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }} data-testid="my-courses-more">
                +{more} more
              </Typography>
            )}
          </>
        )}
      </Paper>
    </Box>
  );
}
