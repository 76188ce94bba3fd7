import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CircularProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { Schema } from '@lp/api-types';
import { useQuery } from '@tanstack/react-query';
import { LinkBase, useBasename, useDataProvider } from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';
import type { StudioDataProvider } from '../providers/dataProvider';
import {
  type Change,
  changeOf,
  formatMoney,
  formatRate,
  PERIODS,
  type PeriodDays,
  periodOf,
  rateChangeOf,
} from './figures';
import { LineChart } from './LineChart';

export const DASHBOARD_KEY = ['studio', 'owner-dashboard'] as const;
export const FIGURES_FAILED = 'Could not load the figures';
export const NO_ACTIVITY = 'No learner activity in this period yet.';

type Dashboard = Schema<'DashboardResponse'>;
type Compared = Schema<'ComparedFigure'>;

interface FigureSpec {
  key: keyof Omit<Dashboard['figures'], 'pendingReview' | 'challengeCompletionRate'>;
  label: string;
  /** the Studio list this figure comes from */
  to?: string;
}

const COUNTS: FigureSpec[] = [
  { key: 'newLearners', label: 'New learners', to: 'users' },
  { key: 'activeLearners', label: 'Active learners' },
  { key: 'diagnosticTakers', label: 'Diagnostic takers' },
  { key: 'topicsCompleted', label: 'Topics completed' },
  { key: 'challengeEnrollments', label: 'Challenge enrolments', to: 'analytics' },
  { key: 'certificatesIssued', label: 'Certificates issued', to: 'certificates' },
  { key: 'failedJobs', label: 'Failed jobs', to: 'jobs' },
];

/**
 * The hub's figures (react-admin's Posters Galore dashboard is the model): how the chosen period went against
 * the one before it, each figure with an existing list linking to it, and a daily chart. Money is in the answer
 * only for admins (the API decides), so the revenue section shows only when it is there.
 */
export const OwnerFigures = () => {
  const [days, setDays] = useState<PeriodDays>(30);
  const dataProvider = useDataProvider<StudioDataProvider>();
  const period = periodOf(days);
  const dashboard = useQuery({
    queryKey: [...DASHBOARD_KEY, period.from, period.to],
    queryFn: () => dataProvider.dashboard(period),
    retry: false,
  });
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={headingId} variant="h5" component="h2">
          How we are doing
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={days}
          aria-label="Period"
          onChange={(_, value: PeriodDays | null) => value && setDays(value)}
        >
          {PERIODS.map((d) => (
            <ToggleButton key={d} value={d}>
              {`Last ${d} days`}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {dashboard.data
          ? `${dashboard.data.from} to ${dashboard.data.to}, against ${dashboard.data.previousFrom} to ${dashboard.data.previousTo} (UTC)`
          : `${period.from} to ${period.to} (UTC)`}
      </Typography>
      {dashboard.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress aria-label="Loading figures" />
        </Box>
      ) : dashboard.isError ? (
        <Alert
          severity="error"
          sx={{ overflowWrap: 'anywhere' }}
          action={
            <Button color="inherit" size="small" onClick={() => void dashboard.refetch()}>
              Try again
            </Button>
          }
        >
          {`${FIGURES_FAILED}: ${apiErrorMessage(dashboard.error, 'unknown error')}`}
        </Alert>
      ) : (
        <FiguresBody data={dashboard.data} />
      )}
    </Box>
  );
};

const FiguresBody = ({ data }: { data: Dashboard }) => {
  const f = data.figures;
  const quiet = data.series.every((d) => d.activeLearners === 0);
  return (
    <>
      <Box
        component="ul"
        aria-label="Figures"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 170px), 1fr))',
        }}
      >
        {data.revenue?.netCurrent.map((n) => {
          const previous = data.revenue!.netPrevious.find((p) => p.currency === n.currency)?.amount ?? 0;
          return (
            <Figure
              key={`revenue-${n.currency}`}
              label={`Net revenue (${n.currency.toUpperCase()})`}
              value={formatMoney(n.amount, n.currency)}
              change={changeOf(n.amount, previous)}
            />
          );
        })}
        {COUNTS.map((spec) => {
          const v = f[spec.key] as Compared;
          return (
            <Figure
              key={spec.key}
              label={spec.label}
              value={String(v.current)}
              change={changeOf(v.current, v.previous)}
              to={spec.to}
            />
          );
        })}
        <Figure
          label="Challenge completion rate"
          value={formatRate(f.challengeCompletionRate.current)}
          change={rateChangeOf(f.challengeCompletionRate.current, f.challengeCompletionRate.previous)}
        />
        <Figure label="Pending review" value={String(f.pendingReview)} note="now" to="review" />
      </Box>
      <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
        <Typography variant="h6" component="h3">
          Active learners per day
        </Typography>
        {quiet ? (
          <Typography color="text.secondary">{NO_ACTIVITY}</Typography>
        ) : (
          <LineChart
            label="Active learners per day"
            points={data.series.map((d) => ({ date: d.date, value: d.activeLearners }))}
          />
        )}
      </Paper>
      {data.revenue && <Revenue data={data} />}
    </>
  );
};

const Revenue = ({ data }: { data: Dashboard }) => {
  const revenue = data.revenue!;
  const currencies = revenue.netCurrent.map((n) => n.currency);
  const tableId = useId();
  return (
    <>
      {currencies.map((currency) => (
        <Paper key={currency} variant="outlined" sx={{ p: 2, mt: 2 }}>
          <Typography variant="h6" component="h3">
            {`Net revenue per day (${currency.toUpperCase()})`}
          </Typography>
          <LineChart
            label={`Net revenue per day in ${currency.toUpperCase()}`}
            format={(v) => formatMoney(v, currency)}
            points={data.series.map((d) => ({
              date: d.date,
              value: d.revenue?.find((r) => r.currency === currency)?.amount ?? 0,
            }))}
          />
        </Paper>
      ))}
      <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
        <Typography id={tableId} variant="h6" component="h3">
          Sales by course
        </Typography>
        {revenue.current.length === 0 ? (
          <Typography color="text.secondary">No sales in this period.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-labelledby={tableId}>
              <TableHead>
                <TableRow>
                  <TableCell>Course</TableCell>
                  <TableCell align="right">Sales</TableCell>
                  <TableCell align="right">Gross</TableCell>
                  <TableCell align="right">Refunded</TableCell>
                  <TableCell align="right">Disputed</TableCell>
                  <TableCell align="right">Net</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {revenue.current.map((r) => (
                  <TableRow key={`${r.subjectId}-${r.currency}`}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.subjectId}</TableCell>
                    <TableCell align="right">{r.sales}</TableCell>
                    <TableCell align="right">{formatMoney(r.gross, r.currency)}</TableCell>
                    <TableCell align="right">{formatMoney(r.refunded, r.currency)}</TableCell>
                    <TableCell align="right">{formatMoney(r.disputed, r.currency)}</TableCell>
                    <TableCell align="right">{formatMoney(r.net, r.currency)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
    </>
  );
};

const Figure = ({
  label,
  value,
  change,
  note,
  to,
}: {
  label: string;
  value: string;
  change?: Change | null;
  note?: string;
  to?: string;
}) => {
  const basename = useBasename();
  const content = (
    <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
      <Typography variant="body2" color="text.secondary" component="h3">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      {change ? (
        <Typography
          variant="body2"
          sx={{
            position: 'relative',
            color: change.arrow === '▲' ? 'success.dark' : change.arrow === '▼' ? 'error.dark' : 'text.secondary',
          }}
        >
          <span aria-hidden>{`${change.arrow} ${change.text}`}</span>
          <Box component="span" sx={visuallyHidden}>
            {change.spoken}
          </Box>
        </Typography>
      ) : (
        note && (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
        )
      )}
    </CardContent>
  );
  return (
    <li aria-label={label}>
      <Card variant="outlined" sx={{ height: '100%' }}>
        {to ? (
          <CardActionArea component={LinkBase} to={`${basename}/${to}`} sx={{ height: '100%' }}>
            {content}
          </CardActionArea>
        ) : (
          content
        )}
      </Card>
    </li>
  );
};

// Heard, not seen (sx reads a bare 1 as 100%, so the sizes are strings).
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
