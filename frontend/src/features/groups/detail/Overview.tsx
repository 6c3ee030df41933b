import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Chip, Stack, Typography } from '@mui/material';
import type { GroupDetail } from '@/api/model';
import { RichText } from '@/ui/RichText';
import { SectionHeading } from '@/ui/SectionHeading';

/** Texts up to this many characters open at once; longer ones wait to be opened. */
const SHORT_TEXT = 1500;

function isShort(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').length <= SHORT_TEXT;
}

/** Overview tab: collapsible Summary, Additional info (when present) and Goals (spec 2 §2). */
export function Overview({ group }: { group: GroupDetail }) {
  const showRoles = group.industry_partner_likely === 'yes' && group.role_of_industry_partner.length > 0;
  return (
    <Stack spacing={2}>
      <Accordion defaultExpanded disableGutters variant="outlined" slots={{ heading: SectionHeading }}>
        <AccordionSummary expandIcon={<ExpandMoreIcon />} id="group-summary-heading" aria-controls="group-summary">
          <Typography variant="h6" component="span">
            Summary
          </Typography>
        </AccordionSummary>
        <AccordionDetails>
          <RichText html={group.summary} />
        </AccordionDetails>
      </Accordion>
      {group.additional_info && (
        <Accordion defaultExpanded={isShort(group.additional_info)} disableGutters variant="outlined" slots={{ heading: SectionHeading }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} id="group-additional-info-heading" aria-controls="group-additional-info">
            <Typography variant="h6" component="span">
              Additional info
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <RichText html={group.additional_info} />
          </AccordionDetails>
        </Accordion>
      )}
      <Accordion defaultExpanded disableGutters variant="outlined" slots={{ heading: SectionHeading }}>
        <AccordionSummary expandIcon={<ExpandMoreIcon />} id="group-goals-heading" aria-controls="group-goals">
          <Typography variant="h6" component="span">
            Goals
          </Typography>
        </AccordionSummary>
        <AccordionDetails>
          <Stack spacing={2}>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {group.goals_of_working_group.map((goal) => (
                <Chip key={goal.id} label={goal.title} color="primary" variant="outlined" />
              ))}
            </Stack>
            {group.other_goals_of_wg && <Typography>{group.other_goals_of_wg}</Typography>}
            {showRoles && (
              <Stack spacing={1}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  Role of the industry partner
                </Typography>
                <Stack component="ul" sx={{ m: 0, pl: 3 }}>
                  {group.role_of_industry_partner.map((role) => (
                    <li key={role.id}>{role.title}</li>
                  ))}
                </Stack>
                {group.other_role_of_industry_partner && <Typography>{group.other_role_of_industry_partner}</Typography>}
              </Stack>
            )}
          </Stack>
        </AccordionDetails>
      </Accordion>
    </Stack>
  );
}
