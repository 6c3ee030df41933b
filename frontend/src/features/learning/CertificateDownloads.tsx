import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { downloadFile } from '@/lib/api-client';
import { errorMessage } from '@/lib/api-error';
import { useToast } from '@/ui/toast';
import { certificateFile } from './access';

interface Props {
  /** The certificate's PDF. */
  pdf: string;
  /** The same certificate as a signed Open Badges 3.0 credential. */
  credential?: string | null;
  variant?: 'contained' | 'text';
}

/** The holder's two downloads of a certificate: the PDF to print, the credential to share. */
export function CertificateDownloads({ pdf, credential, variant = 'text' }: Props) {
  const toast = useToast();
  const download = (url: string) => {
    downloadFile(url, certificateFile(url)).catch((error) => toast(errorMessage(error), 'error'));
  };
  return (
    <>
      <Button variant={variant} startIcon={<DownloadIcon />} onClick={() => download(pdf)}>
        Download certificate
      </Button>
      {credential && (
        <Button startIcon={<DownloadIcon />} onClick={() => download(credential)}>
          Download verifiable credential
        </Button>
      )}
    </>
  );
}
