/** How the contract's enumerations read on screen (sign-up, profile, personalization, projects). */
import type {
  AffiliationStatus,
  AgeGroup,
  CareerStage,
  EthicsStatus,
  FindAboutBy,
  Gender,
  LookingFor,
  NeedKind,
  PledgeStatus,
  ProfileTag,
  Pronouns,
  Race,
} from '@/api/model';

export const genderLabels: Record<Gender, string> = {
  male: 'Male',
  female: 'Female',
  'non-binary': 'Non-binary',
  prefer_not_to_disclose: 'Prefer not to disclose',
};

export const ageGroupLabels: Record<AgeGroup, string> = {
  '18_to_20': '18 to 20',
  '21_to_29': '21 to 29',
  '30_to_39': '30 to 39',
  '40_to_49': '40 to 49',
  '50_to_59': '50 to 59',
  '60_to_older': '60 or older',
  prefer_not_to_disclose: 'Prefer not to disclose',
};

export const careerStageLabels: Record<CareerStage, string> = {
  early_career_researcher: 'Early career researcher',
  junior_staff: 'Junior staff',
  senior_staff: 'Senior staff',
  prefer_not_to_disclose: 'Prefer not to disclose',
};

export const pronounLabels: Record<Pronouns, string> = {
  SHE: 'She/her',
  HE: 'He/him',
  THEY: 'They/them',
  NOT_DISCLOSE: 'Prefer not to disclose',
};

export const findAboutByLabels: Record<FindAboutBy, string> = {
  SEARCH_ENGINE: 'Search engine',
  RECOMMENDED_BY_FRIEND: 'Recommended by a friend',
  SOCIAL_MEDIA: 'Social media',
  BLOG_OR_PUBLICATION: 'Blog or publication',
  OTHER: 'Other',
};

export const lookingForLabels: Record<LookingFor, string> = {
  want_to_fund_research: 'I want to fund research',
  looking_for_funding: 'I am looking for funding',
  interested_in_collaboration: 'I am interested in collaboration',
  looking_for_help: 'I am looking for help',
  want_to_help: 'I want to help',
  want_participate: 'I want to participate in research',
};

export const raceLabels: Record<Race, string> = {
  american_indian_or_alaska_native: 'American Indian or Alaska Native',
  asian: 'Asian',
  black_or_african_american: 'Black or African American',
  hispanic_or_latino: 'Hispanic or Latino',
  middle_eastern_or_north_african: 'Middle Eastern or North African',
  native_hawaiian_or_pacific_islander: 'Native Hawaiian or Pacific Islander',
  white: 'White',
  other: 'Other',
  prefer_not_to_disclose: 'Prefer not to disclose',
};

export const profileTagLabels: Record<ProfileTag, string> = {
  MEDICAL_DOCTOR: 'Medical doctor',
  CLINICAL_RESEARCHER: 'Clinical researcher',
  ALLIED_HEALTHCARE_PROFESSIONAL: 'Allied healthcare professional',
  CAREGIVER: 'Caregiver',
  SURVIVOR: 'Survivor',
  OTHER: 'Other',
};

export const options = <T extends string>(labels: Record<T, string>) =>
  (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));

/** A project's research ethics approval, as the wizard offers it and reviewers read it. */
export const ethicsStatusLabels: Record<EthicsStatus, string> = {
  approved: 'Approved by a research ethics board',
  pending: 'Submitted, waiting for approval',
  not_required: 'Not required for this study',
};

/** What a project asks the community for (the wizard, the project page and /needs). */
export const needKindLabels: Record<NeedKind, string> = {
  participants: 'Participants',
  co_investigators: 'Co-investigators',
  mentors: 'Mentors',
  helpers: 'Helpers',
  data: 'Data',
  equipment: 'Equipment',
};

/** How a pledge's status reads, to its donor and to staff, with its chip's colour. */
export const pledgeStatusLabels: Record<PledgeStatus, { label: string; color: 'default' | 'success' | 'warning' | 'info' }> = {
  pledged: { label: 'Pledged', color: 'info' },
  charging: { label: 'Being charged', color: 'info' },
  charged: { label: 'Charged', color: 'success' },
  cancelled: { label: 'Cancelled', color: 'default' },
  refunded: { label: 'Refunded', color: 'default' },
  failed: { label: 'Charge failed', color: 'warning' },
  released: { label: 'Released, not charged', color: 'default' },
  lapsed: { label: 'Lapsed', color: 'default' },
};

/** A university affiliation's standing, as staff read it beside the affiliation. */
export const affiliationStatusLabels: Record<AffiliationStatus, string> = {
  approved: 'approved',
  not_approved: 'not approved',
};
