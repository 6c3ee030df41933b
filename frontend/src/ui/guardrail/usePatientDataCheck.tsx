import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { scanForPatientData } from '@/api/endpoints/guardrail/guardrail';
import type { FileMetadata, PhiFinding, ScanResult } from '@/api/model';

// The prompt loads only when something was found.
const PatientDataPrompt = lazy(() => import('./PatientDataPrompt'));

/** What the author chose: publish (declared when the guardrail found something) or go back and edit. */
export type PatientDataChoice = { publish: true; declared: boolean } | { publish: false };

interface Pending {
  findings: PhiFinding[];
  metadata: FileMetadata[];
  blockedMessage?: string | null;
  settle: (choice: PatientDataChoice) => void;
}

/**
 * Issue 24 §1: before a text is published, the patient-data guardrail scans it; when it
 * finds something, the author sees each finding highlighted and chooses to edit, or to
 * publish with their declaration (refused where the place blocks flagged text). The server
 * checks again on publishing, so a scan that fails lets the form go on and the server decide.
 */
export function usePatientDataCheck(blocking = false): {
  check: (text: string, files?: File[]) => Promise<PatientDataChoice>;
  prompt: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);

  const check = useCallback(async (text: string, files: File[] = []): Promise<PatientDataChoice> => {
    let scanned: ScanResult;
    try {
      scanned = (await scanForPatientData({ text, files })).data;
    } catch {
      return { publish: true, declared: false };
    }
    // Metadata alone is shown too: the author learns what their files carry.
    if (scanned.findings.length === 0 && scanned.metadata.length === 0) return { publish: true, declared: false };
    return new Promise((resolve) =>
      setPending({
        findings: scanned.findings,
        metadata: scanned.metadata,
        blockedMessage: scanned.blocked_message,
        settle: (choice) => {
          setPending(null);
          resolve(choice);
        },
      }),
    );
  }, []);

  const prompt = pending && (
    <Suspense fallback={null}>
      <PatientDataPrompt
        findings={pending.findings}
        metadata={pending.metadata}
        blockedMessage={blocking ? (pending.blockedMessage ?? undefined) : undefined}
        onEdit={() => pending.settle({ publish: false })}
        onPublish={() => pending.settle({ publish: true, declared: pending.findings.length > 0 })}
      />
    </Suspense>
  );
  return { check, prompt };
}
