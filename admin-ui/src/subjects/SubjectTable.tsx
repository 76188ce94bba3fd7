import type { ReactNode } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';

/** Centred spinner shown while a section's list loads. */
export const SectionLoading = ({ label }: { label: string }) => (
  <Box role="status" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
    <CircularProgress size={28} />
  </Box>
);

/** A small table with Subject and ID columns, any extra columns, then a right-aligned Action column. */
export const SubjectTable = ({
  ariaLabel,
  extraColumns = [],
  children,
}: {
  ariaLabel: string;
  extraColumns?: string[];
  children: ReactNode;
}) => (
  <TableContainer>
    <Table size="small" aria-label={ariaLabel}>
      <TableHead>
        <TableRow>
          <TableCell>Subject</TableCell>
          <TableCell>ID</TableCell>
          {extraColumns.map((column) => (
            <TableCell key={column}>{column}</TableCell>
          ))}
          <TableCell align="right">Action</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  </TableContainer>
);

/** The Subject (row header) and monospace ID cells that start every row. */
export const SubjectCells = ({ title, subjectId }: { title: ReactNode; subjectId: string }) => (
  <>
    <TableCell component="th" scope="row">
      {title}
    </TableCell>
    <TableCell>
      <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace' }}>
        {subjectId}
      </Typography>
    </TableCell>
  </>
);

/** The right-aligned row action; disabled with a small spinner while it runs. */
export const ActionCell = ({
  running,
  variant,
  onClick,
  children,
}: {
  running: boolean;
  variant: 'outlined' | 'contained';
  onClick: () => void;
  children: ReactNode;
}) => (
  <TableCell align="right">
    <Button
      size="small"
      variant={variant}
      onClick={onClick}
      disabled={running}
      startIcon={running ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
    >
      {children}
    </Button>
  </TableCell>
);
