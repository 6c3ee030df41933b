import { List, ListItem, ListItemText, Typography } from '@mui/material';
import type { NeedDraft, TeamMemberDraft } from '@/api/model';
import { needKindLabels } from '@/lib/labels';

interface Props {
  team: TeamMemberDraft[];
  needs: NeedDraft[];
  /** The level of the two sections' headings on the page that shows them. */
  headingLevel: 'h2' | 'h3';
}

/** Who works on a project and what it asks for, as its owner saved them: the wizard's
 * review and staff's review show the same two lists the public page will. */
export function TeamAndNeeds({ team, needs, headingLevel }: Props) {
  // As the budget plan beside them.
  const variant = headingLevel === 'h2' ? 'h5' : 'h6';
  return (
    <>
      <section>
        <Typography variant={variant} sx={{ mt: 3 }} component={headingLevel}>
          Team
        </Typography>
        {team.length === 0 ? (
          <Typography color="text.secondary">No one named yet.</Typography>
        ) : (
          <List dense disablePadding>
            {team.map((person, i) => (
              <ListItem key={`${person.name}-${i}`} disableGutters>
                <ListItemText primary={person.name} secondary={person.role} />
              </ListItem>
            ))}
          </List>
        )}
      </section>
      <section>
        <Typography variant={variant} sx={{ mt: 3 }} component={headingLevel}>
          What this project needs
        </Typography>
        {needs.length === 0 ? (
          <Typography color="text.secondary">Nothing asked of the community.</Typography>
        ) : (
          <List dense disablePadding>
            {needs.map((need, i) => (
              <ListItem key={`${need.kind}-${i}`} disableGutters>
                <ListItemText primary={needKindLabels[need.kind]} secondary={need.description} />
              </ListItem>
            ))}
          </List>
        )}
      </section>
    </>
  );
}
