import { Alert, Box, Button, FormControl, FormHelperText, FormLabel, Rating, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { getListProjectReviewsQueryKey, reviewProject } from '@/api/endpoints/projects/projects';
import type { CriterionScore, MyReview, ReviewSummary } from '@/api/model';
import { applyServerErrors } from '@/lib/form-errors';
import { RATING } from '@/lib/field-texts';
import { withFieldRequiredText, z, zodResolver } from '@/lib/zod';
import { FormTextField } from '@/ui/form/FormTextField';
import { useToast } from '@/ui/toast';

const rating = z.number({ error: RATING }).int(RATING).min(1, RATING).max(5, RATING);
const schema = z.object({
  scientific_merit: rating,
  feasibility: rating,
  relevance_to_patients: rating,
  clarity: rating,
  team: rating,
  comment: z.string().max(2000),
});
type Values = z.infer<typeof schema>;

/** The viewer's review: every criterion from 1 to 5 and an optional comment. */
export function ReviewForm({
  slug,
  criteria,
  mine,
  onSaved,
}: {
  slug: string;
  /** The criteria as the server names them. */
  criteria: CriterionScore[];
  mine?: MyReview | null;
  onSaved: (summary: ReviewSummary) => void;
}) {
  const [banner, setBanner] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();
  const form = useForm<Values>({
    resolver: withFieldRequiredText(zodResolver(schema)),
    // Unrated criteria start empty, so a forgotten one is named rather than sent as 0.
    defaultValues: mine ?? ({ comment: '' } as Values),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { data } = await reviewProject(slug, { ...values, comment: values.comment.trim() });
      onSaved(data);
      form.reset({ ...values, comment: values.comment.trim() });
      toast(mine ? 'Your review is updated.' : 'Thank you for your review.', 'success');
      await queryClient.invalidateQueries({ queryKey: getListProjectReviewsQueryKey(slug) });
    } catch (error) {
      setBanner(applyServerErrors(error, [...criteria.map((score) => score.criterion), 'comment'], form.setError));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="your-review">
      <Stack spacing={2}>
        <FormLabel id="your-review" component="h3" sx={{ typography: 'h6', color: 'text.primary' }}>
          {mine ? 'Your review' : 'Write a review'}
        </FormLabel>
        {banner && <Alert severity="error">{banner}</Alert>}
        {criteria.map(({ criterion, label }) => (
          <Controller
            key={criterion}
            name={criterion}
            control={form.control}
            render={({ field, fieldState }) => (
              <FormControl error={Boolean(fieldState.error)} component="fieldset">
                <FormLabel component="legend">{label}</FormLabel>
                <Rating
                  name={criterion}
                  value={field.value ?? null}
                  onChange={(_, value) => field.onChange(value ?? undefined)}
                  onBlur={field.onBlur}
                />
                {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
              </FormControl>
            )}
          />
        ))}
        <FormTextField
          control={form.control}
          name="comment"
          label="Comment (optional)"
          multiline
          minRows={3}
          helperText="At most 2,000 characters."
        />
        <Box>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {mine ? 'Update review' : 'Submit review'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
