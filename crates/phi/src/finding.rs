//! What the scan finds: a likely piece of patient data, its kind and where it sits.

use std::ops::Range;

use kernel::string_enum;

string_enum!(
    /// What a finding may reveal about a patient.
    PhiKind {
        NameWithDiagnosis = "name_with_diagnosis",
        DateOfBirth = "date_of_birth",
        IdentityNumber = "identity_number",
        Phone = "phone",
        Address = "address",
    }
);

impl PhiKind {
    /// How the prompt names it.
    pub fn label(self) -> &'static str {
        match self {
            Self::NameWithDiagnosis => "A name next to a diagnosis",
            Self::DateOfBirth => "A date of birth",
            Self::IdentityNumber => "A health-card, record or social-security number",
            Self::Phone => "A phone number",
            Self::Address => "A postal address",
        }
    }
}

/// One likely piece of patient data: its kind and where it sits in the scanned text (byte
/// offsets, always on character boundaries).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub kind: PhiKind,
    pub span: Range<usize>,
}
