import { useRef } from 'react';
import Box from '@mui/material/Box';
import { useScrollableTables } from '../common/scrollable-tables';

/** Html the server has already sanitised (lessons, variants, tutor answers). */
export function HtmlContent({ html, testId }: { html: string; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useScrollableTables(ref, html);
  return (
    <Box
      ref={ref}
      data-testid={testId}
      className="lesson-html"
      sx={{
        lineHeight: 1.7,
        '& h1, & h2, & h3': { lineHeight: 1.3, mt: 3, mb: 1.5 },
        '& p': { my: 1.5 },
        '& img, & video, & svg': { maxWidth: '100%', height: 'auto' },
        '& > :first-of-type': { mt: 0 },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
