/**
 * The admin area's rules: which sections a user may open (`allowedAdminSections`, from SPEC 6's
 * flags and restrict_admin_tab) and the forms' checks, the server's own limits.
 */

export {
  type ActivityFilterDraft,
  activityFilterErrors,
  catalogueValueError,
  type FormErrors,
  type FormProblem,
  formProblems,
  interventionError,
  minPasswordLength,
  nameError,
  passwordError,
  type UserDraft,
  userErrors,
  type ZoneDraft,
  zoneErrors,
} from './forms';
export { mayChangeFlag, mayChangeRestrictions } from './grants';
export { restrictionChoices } from './restrictions';
export {
  type AdminSection,
  adminSections,
  allowedAdminSections,
  chosenSection,
  showsAdminEntry,
} from './sections';
