import { useSyncExternalStore } from 'react';

/**
 * Every file the app sends reports here (`api-client.ts` sends each multipart body with
 * progress); the layout shows one progress bar for whatever is on its way.
 */
interface Upload {
  loaded: number;
  total: number;
}

const uploads = new Map<number, Upload>();
const listeners = new Set<() => void>();
let nextId = 1;
let snapshot: number | null = null;

function changed() {
  let loaded = 0;
  let total = 0;
  for (const upload of uploads.values()) {
    loaded += upload.loaded;
    total += upload.total;
  }
  snapshot = uploads.size === 0 ? null : total > 0 ? loaded / total : 0;
  for (const listener of listeners) listener();
}

/** Starts tracking an upload; the returned functions report it and end it. */
export function trackUpload(): { progress: (loaded: number, total: number) => void; done: () => void } {
  const id = nextId++;
  uploads.set(id, { loaded: 0, total: 0 });
  changed();
  return {
    progress: (loaded, total) => {
      uploads.set(id, { loaded, total });
      changed();
    },
    done: () => {
      uploads.delete(id);
      changed();
    },
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The share sent of everything being uploaded (0 to 1), or null when nothing is. */
export function useUploadProgress(): number | null {
  // On the server, and on the first render over its HTML, nothing is uploading.
  return useSyncExternalStore(subscribe, () => snapshot, () => null);
}
