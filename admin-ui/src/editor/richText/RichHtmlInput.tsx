import { type MouseEvent, useMemo } from 'react';
import { MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import Code from '@mui/icons-material/Code';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import {
  ClearButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
} from 'ra-input-rich-text';

import { LEARNER_EDITOR_OPTIONS } from './learnerHtml';

/**
 * The input's TipTap editor. ra-input-rich-text types it with the copy of @tiptap/core it was built
 * against; at run time it is this app's one TipTap (vite dedupes @tiptap/core and @tiptap/pm).
 */
const useEditor = () => useTiptapEditor() as unknown as Editor | null;

type Level = 'paragraph' | 2 | 3 | 4;
const LEVELS: { value: Level; label: string }[] = [
  { value: 'paragraph', label: 'Paragraph' },
  { value: 2, label: 'Heading 2' },
  { value: 3, label: 'Heading 3' },
  { value: 4, label: 'Heading 4' },
];

/** Paragraph or the three heading levels the learner html keeps (react-admin's LevelSelect offers h1 to h6). */
const LevelSelect = () => {
  const editor = useEditor();
  const level = useEditorState({
    editor,
    selector: ({ editor: e }): Level =>
      ([2, 3, 4] as const).find((l) => e?.isActive('heading', { level: l })) ?? 'paragraph',
  });
  return (
    <TextField
      select
      size="small"
      label="Style"
      value={String(level ?? 'paragraph')}
      disabled={!editor?.isEditable}
      onChange={(event) => {
        const value = event.target.value;
        const chain = editor?.chain().focus();
        if (!chain) return;
        if (value === 'paragraph') chain.setParagraph().run();
        else chain.setHeading({ level: Number(value) as 2 | 3 | 4 }).run();
      }}
      sx={{ minWidth: 140 }}
    >
      {LEVELS.map((option) => (
        <MenuItem key={option.value} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
};

const MARKS = [
  { value: 'bold', label: 'Bold', icon: <FormatBold fontSize="inherit" /> },
  { value: 'italic', label: 'Italic', icon: <FormatItalic fontSize="inherit" /> },
  { value: 'code', label: 'Code', icon: <Code fontSize="inherit" /> },
] as const;

/** Bold, italic and code: the marks the learner html keeps (no underline, no strike). */
const MarkButtons = () => {
  const editor = useEditor();
  const active = useEditorState({
    editor,
    selector: ({ editor: e }): string[] => (e ? MARKS.filter((m) => e.isActive(m.value)).map((m) => m.value) : []),
  });
  const toggle = (_: MouseEvent<HTMLElement>, next: string[]) => {
    for (const { value } of MARKS) {
      if (active?.includes(value) === next.includes(value)) continue;
      const chain = editor?.chain().focus();
      if (value === 'bold') chain?.toggleBold().run();
      else if (value === 'italic') chain?.toggleItalic().run();
      else chain?.toggleCode().run();
    }
  };
  return (
    <ToggleButtonGroup size="small" value={active ?? []} onChange={toggle} disabled={!editor?.isEditable}>
      {MARKS.map((m) => (
        <ToggleButton key={m.value} value={m.value} aria-label={m.label} title={m.label}>
          {m.icon}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
};

/**
 * react-admin's rich-text input (TipTap) on the learner HTML allow-list: its toolbar offers only what a
 * learner will be shown (text styles p/h2/h3/h4, bold, italic, code, lists, links, quotes).
 */
export const RichHtmlInput = ({
  source,
  label,
  helperText,
}: {
  source: string;
  label: string;
  helperText?: string;
}) => {
  // the editable area is a multi-line text box named like its field (TipTap's own has no name)
  const editorOptions = useMemo(
    () => ({
      ...LEARNER_EDITOR_OPTIONS,
      editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label } },
    }),
    [label],
  );
  return (
    <RichTextInput
      source={source}
      label={label}
      helperText={helperText}
      editorOptions={editorOptions}
      // 32 px buttons: WCAG 2.2's target size (24 px) with room, which the small toggle buttons missed
      sx={{ '& .MuiToggleButton-root': { minWidth: 32, minHeight: 32 } }}
      toolbar={
        <RichTextInputToolbar size="small">
          <LevelSelect />
          <MarkButtons />
          <ListButtons size="small" />
          <LinkButtons size="small" />
          <QuoteButtons size="small" />
          <ClearButtons size="small" />
        </RichTextInputToolbar>
      }
    />
  );
};
