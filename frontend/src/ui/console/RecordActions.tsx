import { Button } from '@mui/material';
import { DeleteButton } from './DeleteButton';

interface Props {
  /** Its public page, opened in a new tab; absent while the public cannot see it. */
  view?: string;
  /** What is deleted, for the question ("the post “…”"). */
  what: string;
  remove: () => Promise<unknown>;
  /** Where to go once it is gone. */
  then: string;
}

/** A console editor's actions on a saved record: see it on the site, delete it. */
export function RecordActions({ view, what, remove, then }: Props) {
  return (
    <>
      {view && (
        <Button href={view} target="_blank">
          View on the site
        </Button>
      )}
      <DeleteButton what={what} remove={remove} then={then} />
    </>
  );
}
