import { useId } from 'react';
import Grid from '@mui/material/Grid';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
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
  const id = useId();
  return (
    <>
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {stats.map((s) => (
          <Grid key={s.label} size={{ xs: 12, sm: 4 }}>
            <StatCard label={s.label} value={s.value} loading={loading} />
          </Grid>
        ))}
      </Grid>

      {/* What TextField renders, without TextField: it also brings Select, Menu, Popover and Modal (about 10 kB
          gzipped) into the pages' first download, for a field that is never a select. */}
      <FormControl fullWidth size="small" variant="outlined" sx={{ mb: searchMb }}>
        <InputLabel htmlFor={id}>{searchLabel}</InputLabel>
        <OutlinedInput
          id={id}
          label={searchLabel}
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          }
        />
      </FormControl>
    </>
  );
}
