import { Box, Table, TableBody, TableCell, TableFooter, TableRow, Typography } from '@mui/material';
import { useId } from 'react';
import type { BudgetLine, Milestone } from '@/api/model';
import { goal } from '@/lib/money';

/** A project's money plan as owners review it and everyone reads it: the total budget and
 * its lines, and the milestones the funding goal pays for. */
export function BudgetPlan({
  totalCents,
  lines,
  milestones,
  headingLevel,
  landmarks = true,
}: {
  totalCents: number | null | undefined;
  lines: BudgetLine[];
  milestones: Milestone[];
  headingLevel: 'h2' | 'h3';
  /** Its sections are named regions (false where several plans share a page: the staff
   * queue's cards, whose regions would all be "Budget"). */
  landmarks?: boolean;
}) {
  const variant = headingLevel === 'h2' ? 'h5' : 'h6';
  // Several plans may share a page (the staff queue): each names its own sections.
  const budget = useId();
  const milestonesHeading = useId();
  return (
    <>
      <section aria-labelledby={landmarks ? budget : undefined}>
        <Typography variant={variant} component={headingLevel} id={budget} sx={{ mt: 3 }}>
          Budget
        </Typography>
        {lines.length === 0 ? (
          <Typography>Total budget: {goal(totalCents)}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby={budget}>
              <TableBody>
                {lines.map((line, i) => (
                  <TableRow key={`${line.label}-${i}`}>
                    <TableCell component="th" scope="row">
                      {line.label}
                    </TableCell>
                    <TableCell align="right">{goal(line.amount_cents)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 700, color: 'text.primary' }}>
                    Total budget
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700, color: 'text.primary' }}>
                    {goal(totalCents)}
                  </TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          </Box>
        )}
      </section>
      {milestones.length > 0 && (
        <section aria-labelledby={landmarks ? milestonesHeading : undefined}>
          <Typography variant={variant} component={headingLevel} id={milestonesHeading} sx={{ mt: 3 }}>
            Milestones
          </Typography>
          <Box component="ol" sx={{ pl: 3, my: 1 }}>
            {milestones.map((milestone, i) => (
              <li key={`${milestone.title}-${i}`}>
                <Typography sx={{ fontWeight: 600 }}>
                  {milestone.title} · {goal(milestone.amount_cents)}
                </Typography>
                <Typography color="text.secondary">{milestone.description}</Typography>
              </li>
            ))}
          </Box>
        </section>
      )}
    </>
  );
}
