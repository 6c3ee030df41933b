/** Spec 2 §2: the status with underscores replaced by spaces. */
export const statusText = (status: string) => status.replace(/_/g, ' ');
