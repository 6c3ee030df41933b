/** Spec 2 §9: discussion limits. */
export const PAGE_SIZE = 10;
export const MAX_FILES = 10;
export const TOPIC_CLAMP = 600;
export const QUOTE_CLAMP = 100;
export const FILE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'application/pdf'];
export const SUPPORTED_FILES = 'Supported file types: .jpg, .png, .gif, .pdf';
export const TOO_MANY_FILES = 'You can attach at most 10 files.';
