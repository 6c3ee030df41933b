import { Alert, Box, Button, Chip, Link, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import type { ProjectPage, ResultLink } from '@/api/model';
import { postDate } from '@/lib/dates';
import { RichText } from '@/ui/RichText';
import { identifierKindLabels } from '@/ui/references/labels';

// The posting form (two editors) loads when the owner opens it.
const ResultsDialog = lazy(() => import('./ResultsDialog').then((m) => ({ default: m.ResultsDialog })));

/** The project page's results: as posted, or when they are due (overdue once the date
 * passed); its owner posts them from here. Nothing before the project is paid out in full. */
export function ResultsSection({ project }: { project: ProjectPage }) {
  const [posting, setPosting] = useState(false);
  const { results, results_due_at: dueAt, results_overdue: overdue } = project;
  if (!results && !dueAt) return null;
  return (
    <Box component="section" aria-labelledby="results-heading" id="results" sx={{ mt: 3, scrollMarginTop: 80 }}>
      <Typography variant="h5" component="h2" id="results-heading">
        Results
      </Typography>
      {results ? (
        <Stack spacing={1.5}>
          <Typography variant="body2" color="text.secondary">
            Posted {postDate(results.posted_at)}
          </Typography>
          <Box>
            <Typography variant="subtitle1" component="h3">
              In plain words
            </Typography>
            <RichText html={results.lay_summary} />
          </Box>
          <Box>
            <Typography variant="subtitle1" component="h3">
              Outcomes
            </Typography>
            <RichText html={results.outcomes} />
          </Box>
          <Links title="Publications" links={results.publications} />
          <Links title="Data" links={results.data} />
          <Box>
            <Typography variant="subtitle1" component="h3">
              Deviations from the registered protocol
            </Typography>
            {results.deviations.length === 0 ? (
              <Typography>None: the registered protocol was followed.</Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {results.deviations.map((d) => (
                  <li key={d.what}>
                    <strong>{d.what}</strong>: {d.why}
                  </li>
                ))}
              </Box>
            )}
          </Box>
        </Stack>
      ) : (
        <Alert severity={overdue ? 'error' : 'info'}>
          {overdue && dueAt
            ? `The results were due on ${postDate(dueAt)} and are not posted yet.`
            : `The results are due by ${postDate(dueAt ?? '')}: a lay summary, the outcomes, publications and data, and every deviation from the registered protocol.`}
        </Alert>
      )}
      {project.abilities.can_post_results && (
        <Button variant="contained" onClick={() => setPosting(true)} sx={{ mt: 1.5 }}>
          Post the results
        </Button>
      )}
      {posting && (
        <Suspense fallback={null}>
          <ResultsDialog projectId={project.id} onClose={() => setPosting(false)} />
        </Suspense>
      )}
    </Box>
  );
}

function Links({ title, links }: { title: string; links: ResultLink[] }) {
  if (links.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {links.map((link) => (
          <Stack component="li" key={link.url} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {link.kind && <Chip size="small" variant="outlined" label={identifierKindLabels[link.kind]} />}
            <Link href={link.url} rel="noopener noreferrer" target="_blank" sx={{ overflowWrap: 'anywhere' }}>
              {link.text}
            </Link>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
