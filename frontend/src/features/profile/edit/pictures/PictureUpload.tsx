import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Button } from '@mui/material';
import { useRef, useState, type ChangeEvent } from 'react';
import type { Area } from 'react-easy-crop';
import type { DataPictureResponse, SingleFileUpload } from '@/api/model';
import { ApiError } from '@/lib/api-error';
import { useToast } from '@/ui/toast';
import { useRefreshMe } from '../../useRefreshMe';
import { CropDialog } from './CropDialog';
import { PICTURE_TYPES, rejectionOf } from '@/lib/pictures';
import { cropToBlob } from './crop';
import { INVALID_IMAGE } from '@/lib/field-texts';

/** Spec §8: an upload failure shows messages.file[0], or "Update error". */
export const UPLOAD_ERROR = 'Update error';

interface Props {
  label: string;
  aspect: number;
  upload: (body: SingleFileUpload) => Promise<DataPictureResponse>;
  busy: boolean;
  done: string;
}

interface Chosen {
  src: string;
  type: string;
  name: string;
}

/** Choose a JPEG or PNG, crop it at `aspect`, and upload the result. */
export function PictureUpload({ label, aspect, upload, busy, done }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const toast = useToast();
  const refreshMe = useRefreshMe();

  const close = () => {
    if (chosen) URL.revokeObjectURL(chosen.src);
    setChosen(null);
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const rejection = rejectionOf(file);
    if (rejection) {
      toast(rejection, 'error');
      return;
    }
    const src = URL.createObjectURL(file);
    // A file that does not decode would open an empty crop area with nothing to save.
    const picture = new Image();
    picture.src = src;
    picture
      .decode()
      .then(() => setChosen({ src, type: file.type, name: file.name }))
      .catch(() => {
        URL.revokeObjectURL(src);
        toast(INVALID_IMAGE, 'error');
      });
  };

  const onCrop = async (area: Area) => {
    if (!chosen) return;
    try {
      const blob = await cropToBlob(chosen.src, area, chosen.type);
      await upload({ file: new File([blob], chosen.name, { type: chosen.type }) });
      toast(done);
      await refreshMe();
      close();
    } catch (error) {
      const reason = error instanceof ApiError ? error.fieldErrors('file')[0] : undefined;
      toast(reason ?? UPLOAD_ERROR, 'error');
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<PhotoCameraIcon />} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input ref={input} type="file" hidden accept={PICTURE_TYPES.join(',')} onChange={onFile} aria-label={label} />
      {chosen && (
        <CropDialog title={label} src={chosen.src} aspect={aspect} busy={busy} onCancel={close} onCrop={onCrop} />
      )}
    </>
  );
}
