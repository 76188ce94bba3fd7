import { useMemo, useState } from 'react';
import { Box, Card, CardContent, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';

import type { NodeContent } from './nodeMethods';
import { VARIANT_KEYS, type VariantKey } from './useNodeDraft';
import { sanitizeHtmlForPreview } from '@lp/shared/html';

const VARIANT_LABELS: Record<VariantKey, string> = {
  beginner: 'Beginner',
  advanced: 'Advanced',
  practical: 'Practical',
  theoretical: 'Theoretical',
};

type TabName = 'summary' | 'variants' | 'sources';

const monospace = { htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } };

/** The editor's three tabs: Summary (HTML with a sanitized preview), Variants and Sources (JSON). */
export const NodeContentTabs = ({
  draft,
  sourcesText,
  sourcesInvalid,
  onSummary,
  onVariant,
  onSources,
}: {
  draft: NodeContent;
  sourcesText: string;
  sourcesInvalid: boolean;
  onSummary: (html: string) => void;
  onVariant: (key: VariantKey, value: string) => void;
  onSources: (text: string) => void;
}) => {
  const [tab, setTab] = useState<TabName>('summary');
  const preview = useMemo(() => sanitizeHtmlForPreview(draft.summary_html), [draft.summary_html]);
  return (
    <Card variant="outlined">
      <Tabs value={tab} onChange={(_, value: TabName) => setTab(value)} aria-label="Node content">
        <Tab value="summary" label="Summary" id="editor-tab-summary" aria-controls="editor-panel-summary" />
        <Tab value="variants" label="Variants" id="editor-tab-variants" aria-controls="editor-panel-variants" />
        <Tab value="sources" label="Sources" id="editor-tab-sources" aria-controls="editor-panel-sources" />
      </Tabs>
      <CardContent>
        {tab === 'summary' && (
          <Box role="tabpanel" id="editor-panel-summary" aria-labelledby="editor-tab-summary">
            <TextField
              label="Summary HTML"
              multiline
              minRows={8}
              fullWidth
              value={draft.summary_html}
              onChange={(event) => onSummary(event.target.value)}
              slotProps={monospace}
            />
            <Typography variant="subtitle2" component="h2" sx={{ mt: 2, mb: 1 }}>
              Preview
            </Typography>
            <Paper
              variant="outlined"
              sx={{ p: 2 }}
              role="region"
              aria-label="Summary preview"
              dangerouslySetInnerHTML={{ __html: preview }}
            />
          </Box>
        )}
        {tab === 'variants' && (
          <Stack role="tabpanel" id="editor-panel-variants" aria-labelledby="editor-tab-variants" spacing={2}>
            {VARIANT_KEYS.map((key) => (
              <TextField
                key={key}
                label={VARIANT_LABELS[key]}
                multiline
                minRows={4}
                fullWidth
                value={draft.variants[key]}
                onChange={(event) => onVariant(key, event.target.value)}
              />
            ))}
          </Stack>
        )}
        {tab === 'sources' && (
          <Box role="tabpanel" id="editor-panel-sources" aria-labelledby="editor-tab-sources">
            <TextField
              label="Sources (JSON)"
              multiline
              minRows={8}
              fullWidth
              value={sourcesText}
              onChange={(event) => onSources(event.target.value)}
              error={sourcesInvalid}
              helperText={
                sourcesInvalid
                  ? 'Not a valid JSON array: the last valid sources are kept.'
                  : 'A JSON array of { "title", "url", "type" } objects.'
              }
              slotProps={monospace}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
