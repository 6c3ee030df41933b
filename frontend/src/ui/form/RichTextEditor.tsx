import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import { Box, FormControl, FormHelperText, FormLabel, IconButton, Stack, Tooltip } from '@mui/material';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';

export interface EditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  error?: string;
  required?: boolean;
  helperText?: string;
}

/** A small rich-text editor (bold, italic, lists); the server sanitises what it stores. */
export default function RichTextEditor({ label, value, onChange, onBlur, error, required, helperText }: EditorProps) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: false, codeBlock: false, horizontalRule: false })],
    content: value,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur(),
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId, class: 'rich-text-input' },
    },
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bullets: current?.isActive('bulletList') ?? false,
      numbers: current?.isActive('orderedList') ?? false,
    }),
  });

  // A value set from outside (a loaded group) replaces the content; typing does not loop back.
  // An editor being replaced (its field hidden and shown again by a suspending part of the
  // page) is skipped: the new one starts from the value.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value !== editor.getHTML() && !(value === '' && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  const tools = [
    { label: 'Bold', icon: <FormatBoldIcon />, on: active?.bold, run: () => editor?.chain().focus().toggleBold().run() },
    { label: 'Italic', icon: <FormatItalicIcon />, on: active?.italic, run: () => editor?.chain().focus().toggleItalic().run() },
    { label: 'Bulleted list', icon: <FormatListBulletedIcon />, on: active?.bullets, run: () => editor?.chain().focus().toggleBulletList().run() },
    { label: 'Numbered list', icon: <FormatListNumberedIcon />, on: active?.numbers, run: () => editor?.chain().focus().toggleOrderedList().run() },
  ];

  return (
    <FormControl fullWidth error={Boolean(error)} required={required}>
      <FormLabel id={labelId} sx={{ mb: 0.75 }}>
        {label}
      </FormLabel>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: 'primary.main', boxShadow: (t) => `0 0 0 1px ${t.palette.primary.main}` },
        }}
      >
        <Stack direction="row" spacing={0.5} sx={{ p: 0.5, borderBottom: 1, borderColor: 'divider' }}>
          {tools.map((tool) => (
            <Tooltip key={tool.label} title={tool.label}>
              <IconButton
                size="small"
                aria-label={tool.label}
                aria-pressed={Boolean(tool.on)}
                color={tool.on ? 'primary' : 'default'}
                onClick={tool.run}
              >
                {tool.icon}
              </IconButton>
            </Tooltip>
          ))}
        </Stack>
        <Box
          sx={{
            px: 1.75,
            '& .rich-text-input': { minHeight: 120, outline: 'none', py: 1 },
            '& .rich-text-input p': { my: 0.75 },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {(error || helperText) && <FormHelperText>{error ?? helperText}</FormHelperText>}
    </FormControl>
  );
}
