import { Fragment, type ReactNode } from 'react';
import { ErrorState, Loading } from '@/ui/QueryState';
import { useEditorId } from './useEditorId';

/** A generated "get one record" hook. */
type GetRecord<T> = (
  id: number,
  options: { query: { enabled: boolean } },
) => { data?: { data: T }; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

interface Props<T extends { id: number }> {
  /** Loads the record the route names (not called for `…/new`). */
  useRecord: GetRecord<T>;
  /** The editor, for a new record (both undefined) or a loaded one. */
  children: (id: number | undefined, record: T | undefined) => ReactNode;
}

/**
 * An editor route (`…/new` or `…/:id`): loads the record with its loading and error states,
 * then shows the editor, started afresh for each record.
 */
export function RecordEditor<T extends { id: number }>({ useRecord, children }: Props<T>) {
  const id = useEditorId();
  const query = useRecord(id ?? 0, { query: { enabled: id !== undefined } });
  if (id !== undefined && query.isPending) return <Loading />;
  if (id !== undefined && query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const record = query.data?.data;
  return <Fragment key={record?.id ?? 'new'}>{children(id, record)}</Fragment>;
}
