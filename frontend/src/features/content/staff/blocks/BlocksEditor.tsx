import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Alert, Button, Card, CardContent, IconButton, Stack, Typography } from '@mui/material';
import type { Block } from '@/api/model';
import { BlockFields } from './BlockFields';
import { moved } from '@/ui/console/moved';
import { BLOCK_KINDS, emptyBlock } from './blockKinds';

interface Props {
  blocks: Block[];
  onChange: (blocks: Block[]) => void;
  error?: string;
  /** The server's reason for refusing a block, by index. */
  blockErrors: Record<number, string>;
}

/** A landing page's blocks in order: edit, move, remove, and add blocks of each type. */
export function BlocksEditor({ blocks, onChange, error, blockErrors }: Props) {
  const replace = (index: number, block: Block) => onChange(blocks.map((b, i) => (i === index ? block : b)));
  return (
    <Stack spacing={2}>
      {error && <Alert severity="error">{error}</Alert>}
      {blocks.length === 0 && <Typography color="text.secondary">No blocks: the page shows its body only.</Typography>}
      {blocks.map((block, index) => {
        const kind = BLOCK_KINDS.find((k) => k.type === block.type);
        return (
          <Card key={index} variant="outlined" component="section" aria-label={`Block ${index + 1}: ${kind?.label ?? block.type}`}>
            <CardContent>
              <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
                <Stack sx={{ flex: 1 }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {index + 1}. {kind?.label ?? block.type}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {kind?.help}
                  </Typography>
                </Stack>
                <IconButton aria-label={`Move block ${index + 1} up`} disabled={index === 0} onClick={() => onChange(moved(blocks, index, -1))}>
                  <ArrowUpwardIcon />
                </IconButton>
                <IconButton
                  aria-label={`Move block ${index + 1} down`}
                  disabled={index === blocks.length - 1}
                  onClick={() => onChange(moved(blocks, index, 1))}
                >
                  <ArrowDownwardIcon />
                </IconButton>
                <IconButton aria-label={`Remove block ${index + 1}`} onClick={() => onChange(blocks.filter((_, i) => i !== index))}>
                  <DeleteIcon />
                </IconButton>
              </Stack>
              {blockErrors[index] && (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {blockErrors[index]}
                </Alert>
              )}
              <BlockFields block={block} onChange={(next) => replace(index, next)} />
            </CardContent>
          </Card>
        );
      })}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {BLOCK_KINDS.map((kind) => (
          <Button key={kind.type} variant="outlined" size="small" onClick={() => onChange([...blocks, emptyBlock(kind.type)])}>
            Add {kind.label.toLowerCase()}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
