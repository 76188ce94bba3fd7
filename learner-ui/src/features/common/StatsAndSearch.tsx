import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { StatCard } from './StatCard';

export interface Stat {
  label: string;
  value: number | string;
}

interface StatsAndSearchProps {
  /** Three figures shown in one row above the search field. */
  stats: Stat[];
  loading?: boolean;
  searchLabel: string;
  search: string;
  onSearchChange: (value: string) => void;
  /** Bottom margin below the search field (theme spacing units). */
  searchMb?: number;
}

/** The stats row and search field that head the list pages (bookmarks, notes, topics). */
export function StatsAndSearch({
  stats,
  loading = false,
  searchLabel,
  search,
  onSearchChange,
  searchMb = 3,
}: StatsAndSearchProps) {
  return (
    <>
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {stats.map((s) => (
          <Grid key={s.label} size={{ xs: 12, sm: 4 }}>
            <StatCard label={s.label} value={s.value} loading={loading} />
          </Grid>
        ))}
      </Grid>

      <TextField
        fullWidth
        size="small"
        label={searchLabel}
        value={search}
        onChange={(e) => onSearchChange(e.target.value)}
        sx={{ mb: searchMb }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </>
  );
}
