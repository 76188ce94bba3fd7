import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import type { DayProgress, DayProjectProgress, DayQuizProgress } from '../../../api/challenges';
import { formatScore } from '../format';

export function quizStatusText(quiz: DayQuizProgress | null): string {
  if (!quiz) return 'Quiz not taken';
  return `Quiz ${formatScore(quiz.score)} · ${quiz.passed ? 'passed' : 'not passed'}`;
}

export function projectStatusText(project: DayProjectProgress | null): string {
  if (!project) return 'Project not submitted';
  if (project.status === 'pending') return 'Project pending review';
  if (project.status === 'awaiting-review') return 'Project awaiting review';
  const by = project.gradedBy === 'bot' ? ' (bot)' : project.gradedBy === 'reviewer' ? ' (reviewer)' : '';
  return project.status === 'passed' ? `Project passed${by}` : `Project not passed${by}`;
}

/** A day's state as chips: locked or open, quiz, project, passed. Text carries the meaning, not colour. */
export function DayStatus({ progress }: { progress: DayProgress }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid={`day-${progress.day}-status`}>
      {progress.passed ? (
        <Chip size="small" color="success" icon={<CheckCircleIcon />} label="Passed" />
      ) : progress.is_unlocked ? (
        <Chip size="small" color="primary" variant="outlined" label="Unlocked" />
      ) : (
        <Chip size="small" icon={<LockOutlinedIcon />} label="Locked" />
      )}
      {progress.is_unlocked && (
        <>
          <Chip
            size="small"
            variant="outlined"
            color={progress.quiz && !progress.quiz.passed ? 'error' : 'default'}
            label={quizStatusText(progress.quiz)}
          />
          <Chip
            size="small"
            variant="outlined"
            color={progress.project?.status === 'failed' ? 'error' : 'default'}
            label={projectStatusText(progress.project)}
          />
        </>
      )}
    </Stack>
  );
}
