import Box from '@mui/material/Box';

/** Stems, choices and explanations: html the server has already sanitised. */
export function QuizHtml({ html, id, testId }: { html: string; id?: string; testId?: string }) {
  return (
    <Box
      component="span"
      id={id}
      data-testid={testId}
      sx={{ '& p': { my: 0.5 }, '& img': { maxWidth: '100%' } }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
