import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TopicNode } from '../../../api';
import { HtmlContent } from '../HtmlContent';

/**
 * A draft preview's check items as the server will serve them to learners: stems and choices, never the
 * answer. It only reads: an answer from staff would count as a learner's (the published page has TopicCheck).
 * Nothing without items.
 */
export function TopicQuizList({ items }: { items: TopicNode['micro_quiz'] }) {
  if (items.length === 0) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="topic-quiz-heading"
      sx={{ p: { xs: 2.5, sm: 3.5 }, mt: 3 }}
      data-testid="topic-quiz"
    >
      <Typography id="topic-quiz-heading" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Check your understanding
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        Learners answer these one at a time after the lesson and see the answer after each. A draft preview does not
        check answers.
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5, '& > li + li': { mt: 2.5 } }}>
        {items.map((item, i) => (
          <Box component="li" key={item.id} data-testid="topic-quiz-item" sx={{ overflowWrap: 'anywhere' }}>
            <HtmlContent html={item.stemHtml} />
            <Box
              component="ol"
              aria-label={`Choices for question ${i + 1}`}
              sx={{ m: 0, mt: 1, pl: 3, listStyleType: 'upper-alpha', '& > li + li': { mt: 0.5 } }}
            >
              {item.choices.map((c) => (
                <Box component="li" key={c.id} sx={{ '& .lesson-html p': { my: 0 } }}>
                  <HtmlContent html={c.textHtml} />
                </Box>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
