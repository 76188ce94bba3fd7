import type { ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import { HtmlContent } from '../node/HtmlContent';

/**
 * What a learner sees right after answering a check item (topic check or practice): right or wrong as a heading,
 * the correct answer, and the explanation (sanitised html from the server). Focusable, so focus can move to it.
 * `testId` names the box; its parts are `${testId}`-less ids given by the caller, so the two screens keep theirs.
 */
export function AnswerFeedback({
  correct,
  heading,
  headingId,
  headingVariant = 'subtitle1',
  correctAnswer,
  explanationHtml,
  testIds,
  feedbackRef,
  children,
}: {
  correct: boolean;
  heading: string;
  headingId: string;
  headingVariant?: 'subtitle1' | 'h6';
  /** the correct choice as the learner saw it */
  correctAnswer: ReactNode;
  explanationHtml: string;
  testIds: { box: string; correctAnswer: string; explanation: string };
  feedbackRef?: Ref<HTMLDivElement>;
  /** what follows the explanation (Next question) */
  children?: ReactNode;
}) {
  return (
    <Box
      ref={feedbackRef}
      tabIndex={-1}
      role="group"
      aria-labelledby={headingId}
      data-testid={testIds.box}
      sx={{
        mt: 2,
        p: 2,
        borderRadius: 1,
        border: 1,
        borderColor: correct ? 'success.main' : 'warning.main',
        '&:focus-visible': { outline: '2px solid', outlineOffset: 2 },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {correct ? (
          <CheckCircleOutlineIcon color="success" aria-hidden />
        ) : (
          <HighlightOffIcon color="warning" aria-hidden />
        )}
        <Typography id={headingId} component="h3" variant={headingVariant} sx={{ fontWeight: 700 }}>
          {heading}
        </Typography>
      </Stack>
      <Typography component="div" sx={{ mt: 1 }} data-testid={testIds.correctAnswer}>
        The correct answer: {correctAnswer}
      </Typography>
      {explanationHtml && (
        <Box sx={{ mt: 1, color: 'text.secondary' }}>
          <HtmlContent html={explanationHtml} testId={testIds.explanation} />
        </Box>
      )}
      {children}
    </Box>
  );
}
