import { useParams } from 'react-router';

/** The record an editor route names: a number, or undefined for `…/new`. */
export function useEditorId(): number | undefined {
  const { id } = useParams();
  return id === undefined || id === 'new' ? undefined : Number(id);
}
