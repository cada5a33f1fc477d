// The learner import's file (the superuser's 'Export learner' dialog on /practices/users and POST
// /api/auth/users/upload-users/): its rules, which the page's schema says (in the browser too) and
// the domain says for the API. Browser-safe.
import { fileTooLarge, type FileRules } from './fields';

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export const IMPORT_FILE_RULES: FileRules = {
  required: 'No file was submitted.',
  maxBytes: MAX_IMPORT_BYTES,
  tooLarge: () => fileTooLarge(MAX_IMPORT_BYTES),
};
