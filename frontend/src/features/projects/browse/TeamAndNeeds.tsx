import { Box, Chip, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { ProjectNeed, TeamMember } from '@/api/model';
import { needKindLabels } from '@/lib/labels';

/** A project's team (linking to members' profiles) and what it asks the community for. */
export function TeamAndNeeds({ team, needs }: { team: TeamMember[]; needs: ProjectNeed[] }) {
  return (
    <>
      {team.length > 0 && (
        <section aria-labelledby="project-team">
          <Typography variant="h5" component="h2" id="project-team" sx={{ mt: 3 }}>
            Team
          </Typography>
          <List dense disablePadding>
            {team.map((person, i) => (
              <ListItem key={`${person.name}-${i}`} disableGutters>
                <ListItemText
                  primary={
                    person.user_id ? (
                      <Link component={RouterLink} to={`/profile/${person.user_id}`} underline="hover">
                        {person.name}
                      </Link>
                    ) : (
                      person.name
                    )
                  }
                  secondary={person.role}
                />
              </ListItem>
            ))}
          </List>
        </section>
      )}
      {needs.length > 0 && (
        <section aria-labelledby="project-needs">
          <Typography variant="h5" component="h2" id="project-needs" sx={{ mt: 3 }}>
            What this project needs
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, my: 1 }}>
            {needs.map((need) => (
              <Stack component="li" key={need.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                <Chip size="small" label={needKindLabels[need.kind]} color="secondary" variant="outlined" />
                <Typography>{need.description}</Typography>
              </Stack>
            ))}
          </Stack>
          <Box>
            <Link component={RouterLink} to="/needs">
              Every project&apos;s needs
            </Link>
          </Box>
        </section>
      )}
    </>
  );
}
