import { useQueryClient } from '@tanstack/react-query';
import { getGetMyProjectProtocolQueryKey, getUploadProtocolFileUrl, removeProtocolFile } from '@/api/endpoints/projects/projects';
import type { ProtocolFile } from '@/api/model';
import { PdfUploads } from '@/ui/files/PdfUploads';

/** The PDFs waiting for the next registration. `room` is how many more the version may hold. */
export function ProtocolUploads({ projectId, files, room }: { projectId: number; files: ProtocolFile[]; room: number }) {
  const queryClient = useQueryClient();
  return (
    <PdfUploads
      heading="New files (PDF)"
      inputLabel="Protocol file"
      uploadUrl={getUploadProtocolFileUrl(projectId)}
      files={files}
      room={room}
      refresh={() => queryClient.invalidateQueries({ queryKey: getGetMyProjectProtocolQueryKey(projectId) })}
      remove={(id) => removeProtocolFile(projectId, id)}
    />
  );
}
