import { alpha, Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import type { FileMetadata, PhiFinding } from '@/api/model';

interface Props {
  findings: PhiFinding[];
  /** What the attached files' metadata holds. */
  metadata: FileMetadata[];
  /** Where the place publishes nothing flagged, the server's words for it: the author can only edit. */
  blockedMessage?: string;
  onEdit: () => void;
  onPublish: () => void;
}

/** What the guardrail found, each in its context with the span highlighted, and the author's choice. */
export default function PatientDataPrompt({ findings, metadata, blockedMessage, onEdit, onPublish }: Props) {
  const blocking = Boolean(blockedMessage);
  // Metadata alone (nothing flagged) needs no declaration: the author only learns what it holds.
  const needsDeclaration = findings.length > 0;
  const titleId = useId();
  const [declared, setDeclared] = useState(false);
  return (
    <Dialog open onClose={onEdit} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{needsDeclaration ? 'This may identify a patient' : 'What your files carry'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {needsDeclaration && (
            <Typography>
              Before you publish, look at what we found. Remove or reword anything that could identify a patient, unless they
              agreed to share it.
            </Typography>
          )}
          {findings.length > 0 && (
          <Stack component="ul" spacing={1.5} aria-label="What was found" sx={{ pl: 0, m: 0, listStyle: 'none' }}>
            {findings.map((finding, index) => (
              <Box component="li" key={`${finding.kind}-${index}`}>
                <Typography variant="subtitle2">
                  {finding.label}
                  {finding.file && ` in “${finding.file}”`}
                </Typography>
                <Typography variant="body2" sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 1, wordBreak: 'break-word' }}>
                  {finding.before && '…'}
                  {finding.before}
                  <Box
                    component="mark"
                    sx={{
                      bgcolor: (theme) => alpha(theme.palette.warning.main, 0.25),
                      color: 'text.primary',
                      fontWeight: 600,
                      px: 0.25,
                      borderRadius: 0.5,
                    }}
                  >
                    {finding.text}
                  </Box>
                  {finding.after}
                  {finding.after && '…'}
                </Typography>
              </Box>
            ))}
          </Stack>
          )}
          {metadata.length > 0 && (
            <Box>
              <Typography variant="subtitle2" component="h3">
                Metadata in your files
              </Typography>
              <Box component="ul" aria-label="Metadata in your files" sx={{ pl: 2.5, my: 0.5 }}>
                {metadata.map((field, index) => (
                  <Typography component="li" variant="body2" key={`${field.file}-${field.name}-${index}`} sx={{ wordBreak: 'break-word' }}>
                    “{field.file}”, {field.name}: {field.value} —{' '}
                    {field.removed ? 'removed before the picture is published' : 'published with the file'}
                  </Typography>
                ))}
              </Box>
            </Box>
          )}
          {!needsDeclaration ? null : blocking ? (
            <Alert severity="warning">{blockedMessage}</Alert>
          ) : (
            <FormControlLabel
              control={<Checkbox checked={declared} onChange={(event) => setDeclared(event.target.checked)} />}
              label="I confirm that I may share this: the patient agreed, or it does not identify anyone. My confirmation is recorded."
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onEdit} variant={blocking ? 'contained' : 'text'}>
          Edit
        </Button>
        {!blocking && needsDeclaration && (
          <Button variant="contained" color="warning" onClick={onPublish} disabled={!declared}>
            Publish anyway
          </Button>
        )}
        {!needsDeclaration && (
          <Button variant="contained" onClick={onPublish}>
            Publish
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
