import CodeIcon from '@mui/icons-material/Code';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import LinkIcon from '@mui/icons-material/Link';
import TitleIcon from '@mui/icons-material/Title';
import { Box, FormControl, FormHelperText, FormLabel, IconButton, Stack, Tooltip } from '@mui/material';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useState } from 'react';
import { LinkDialog } from './LinkDialog';
import { MentionSuggestions } from './MentionSuggestions';
import { isWebAddress } from './link-address';
import { mentionExtension, type FindMentions, type Suggesting } from './mentions';

export interface EditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  error?: string;
  required?: boolean;
  helperText?: string;
  /** Offers @mentions of the members this finds (a discussion's people). */
  mentions?: FindMentions;
}

/**
 * A small rich-text editor (bold, italic, headings, quotes, code, lists, links and, where
 * given whom to suggest, @mentions); the server sanitises what it stores.
 */
export default function RichTextEditor({ label, value, onChange, onBlur, error, required, helperText, mentions }: EditorProps) {
  const labelId = useId();
  const [suggesting, setSuggesting] = useState<Suggesting | null>(null);
  const [linking, setLinking] = useState<string | null>(null);
  // The editor is made once, with the finder of the discussion it is in (which a composer
  // never leaves).
  const mentioning = Boolean(mentions);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3] },
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, isAllowedUri: (url) => isWebAddress(url) },
      }),
      ...(mentions ? [mentionExtension(mentions, setSuggesting)] : []),
    ],
    content: value,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur(),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: 'rich-text-input',
        ...(mentioning ? { 'aria-autocomplete': 'list' } : {}),
      },
    },
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bullets: current?.isActive('bulletList') ?? false,
      numbers: current?.isActive('orderedList') ?? false,
      heading: current?.isActive('heading') ?? false,
      quote: current?.isActive('blockquote') ?? false,
      code: current?.isActive('code') ?? false,
      link: current?.isActive('link') ?? false,
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
    { label: 'Heading', icon: <TitleIcon />, on: active?.heading, run: () => editor?.chain().focus().toggleHeading({ level: 3 }).run() },
    { label: 'Quote', icon: <FormatQuoteIcon />, on: active?.quote, run: () => editor?.chain().focus().toggleBlockquote().run() },
    { label: 'Code', icon: <CodeIcon />, on: active?.code, run: () => editor?.chain().focus().toggleCode().run() },
    {
      label: active?.link ? 'Remove link' : 'Link',
      icon: <LinkIcon />,
      on: active?.link,
      run: () =>
        active?.link
          ? editor?.chain().focus().extendMarkRange('link').unsetLink().run()
          : setLinking(String(editor?.getAttributes('link').href ?? '')),
    },
  ];
  const saveLink = (href: string) => {
    setLinking(null);
    if (!editor) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty) {
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
  };

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
        <Stack direction="row" sx={{ p: 0.5, gap: 0.5, flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider' }}>
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
            '& .rich-text-input blockquote': { borderLeft: 3, borderColor: 'divider', pl: 1.5, ml: 0, color: 'text.secondary' },
            '& .rich-text-input a[data-mention]': { fontWeight: 600, textDecoration: 'none' },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      <MentionSuggestions suggesting={suggesting} />
      {linking !== null && <LinkDialog initial={linking} onSave={saveLink} onClose={() => setLinking(null)} />}
      {(error || helperText) && <FormHelperText>{error ?? helperText}</FormHelperText>}
    </FormControl>
  );
}
