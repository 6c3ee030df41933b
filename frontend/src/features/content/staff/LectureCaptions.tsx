import { Alert, Button, FormHelperText, FormLabel, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { staffRemoveLectureCaptions, staffSetLectureCaptions } from '@/api/endpoints/content-staff/content-staff';
import { CaptionLanguage, type StaffLecture } from '@/api/model';
import { languageName } from '@/lib/languages';
import { useRun } from '@/ui/console/useRun';

const LANGUAGES = Object.values(CaptionLanguage);

/**
 * A lecture's captions: one WebVTT track per language. Uploading in a language that has a
 * track replaces it. A lecture with a video and no track is flagged, here and in the list.
 */
export function LectureCaptions({ lecture, disabledText }: { lecture?: StaffLecture; disabledText?: string }) {
  const [language, setLanguage] = useState<CaptionLanguage>(CaptionLanguage.en);
  const input = useRef<HTMLInputElement>(null);
  const { run, busy } = useRun();
  const tracks = lecture?.captions ?? [];

  const upload = async (file: File | undefined) => {
    if (!file || !lecture) return;
    await run(() => staffSetLectureCaptions(lecture.id, language, { file }), `${languageName(language)} captions saved.`);
    if (input.current) input.current.value = '';
  };

  return (
    <Stack spacing={1} component="section" aria-labelledby="lecture-captions">
      <FormLabel id="lecture-captions">Captions</FormLabel>
      {lecture?.needs_captions && (
        <Alert severity="warning">This lecture has a video and no captions: people who do not hear it cannot follow it.</Alert>
      )}
      {disabledText ? (
        <FormHelperText>{disabledText}</FormHelperText>
      ) : (
        <>
          {tracks.length === 0 && <Typography color="text.secondary">No captions yet.</Typography>}
          {tracks.map((track) => (
            <Stack key={track.language} direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Link href={track.url} target="_blank" rel="noopener">
                {languageName(track.language)} ({track.language})
              </Link>
              <Button
                size="small"
                color="error"
                disabled={busy}
                onClick={() =>
                  void run(() => staffRemoveLectureCaptions(lecture!.id, track.language), `${languageName(track.language)} captions removed.`)
                }
              >
                Remove {languageName(track.language)} captions
              </Button>
            </Stack>
          ))}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              select
              size="small"
              label="Language"
              value={language}
              onChange={(event) => setLanguage(event.target.value as CaptionLanguage)}
              sx={{ minWidth: 200 }}
            >
              {LANGUAGES.map((code) => (
                <MenuItem key={code} value={code}>
                  {languageName(code)} ({code})
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy}>
              {tracks.some((track) => track.language === language) ? 'Replace captions' : 'Upload captions'}
            </Button>
            <input
              ref={input}
              hidden
              type="file"
              accept=".vtt,text/vtt"
              aria-label={`Captions in ${languageName(language)}`}
              onChange={(event) => void upload(event.target.files?.[0])}
            />
          </Stack>
          <FormHelperText>WebVTT files (.vtt), one per language.</FormHelperText>
        </>
      )}
    </Stack>
  );
}
