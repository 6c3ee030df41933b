import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import type { Article, Block, Slide } from '@/api/model';
import { ItemsEditor, type ItemField } from './ItemsEditor';

const SLIDE_FIELDS: ItemField<Slide>[] = [
  { key: 'image', label: 'Picture address' },
  { key: 'iframe', label: 'Embedded page address' },
  { key: 'button_label', label: 'Button label' },
  { key: 'button_link', label: 'Button link' },
  { key: 'description', label: 'Text (HTML)', multiline: true },
];
const EMPTY_SLIDE: Slide = { description: '' };

const ARTICLE_FIELDS: ItemField<Article>[] = [
  { key: 'title', label: 'Title', required: true },
  { key: 'link', label: 'Link' },
  { key: 'image', label: 'Picture address' },
  { key: 'description', label: 'Text (HTML)', multiline: true },
];
const EMPTY_ARTICLE: Article = { title: '', description: '' };

/** The fields of one block, by its type. */
export function BlockFields({ block, onChange }: { block: Block; onChange: (block: Block) => void }) {
  switch (block.type) {
    case 'carousel':
      return (
        <ItemsEditor
          noun="slide"
          items={block.value.slides}
          fields={SLIDE_FIELDS}
          empty={EMPTY_SLIDE}
          onChange={(slides) => onChange({ ...block, value: { slides } })}
        />
      );
    case 'multiple_articles_pages':
    case 'multiple_articles_pages_pagination':
      return (
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              size="small"
              type="number"
              label="Cards per row"
              value={block.value.articles_in_line ?? ''}
              onChange={(event) =>
                onChange({
                  ...block,
                  value: { ...block.value, articles_in_line: event.target.value === '' ? null : Number(event.target.value) },
                })
              }
              slotProps={{ htmlInput: { min: 1, max: 6 } }}
              sx={{ width: 160 }}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={Boolean(block.value.first_alone)}
                  onChange={(event) => onChange({ ...block, value: { ...block.value, first_alone: event.target.checked } })}
                />
              }
              label="First card on a row of its own"
            />
          </Stack>
          <ItemsEditor
            noun="article"
            items={block.value.articles}
            fields={ARTICLE_FIELDS}
            empty={EMPTY_ARTICLE}
            onChange={(articles) => onChange({ ...block, value: { ...block.value, articles } })}
          />
        </Stack>
      );
    case 'iframe':
      return (
        <TextField
          fullWidth
          label="Address"
          placeholder="https://"
          value={block.value}
          onChange={(event) => onChange({ ...block, value: event.target.value })}
        />
      );
    case 'html':
      return (
        <TextField
          fullWidth
          multiline
          minRows={4}
          label="HTML"
          value={block.value}
          onChange={(event) => onChange({ ...block, value: event.target.value })}
          slotProps={{ htmlInput: { sx: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
      );
  }
}
