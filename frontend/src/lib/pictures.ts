/** Pictures members upload (spec §5): JPEG and PNG only, checked again by the server. */

export const PICTURE_TYPES = ['image/jpeg', 'image/png'] as const;
export const PICTURE_TYPE_REJECTED = 'Only JPEG and PNG images are allowed.';

/** Why a chosen file cannot be used, or null when it can. */
export function rejectionOf(file: File): string | null {
  return (PICTURE_TYPES as readonly string[]).includes(file.type) ? null : PICTURE_TYPE_REJECTED;
}
