//! The enumerations of spec §3 (document 1), defined once here; they reach the client
//! through the OpenAPI contract.

use kernel::string_enum;

string_enum!(
    /// Where a member's data export stands.
    ExportStatus {
        Preparing = "preparing",
        Ready = "ready",
        Downloaded = "downloaded",
        Failed = "failed",
    }
);

string_enum!(
    /// The default of every demographic field is `prefer_not_to_disclose`.
    Gender {
        Male = "male",
        Female = "female",
        NonBinary = "non-binary",
        PreferNotToDisclose = "prefer_not_to_disclose",
    }
);

string_enum!(AgeGroup {
    From18To20 = "18_to_20",
    From21To29 = "21_to_29",
    From30To39 = "30_to_39",
    From40To49 = "40_to_49",
    From50To59 = "50_to_59",
    SixtyOrOlder = "60_to_older",
    PreferNotToDisclose = "prefer_not_to_disclose",
});

string_enum!(CareerStage {
    EarlyCareerResearcher = "early_career_researcher",
    JuniorStaff = "junior_staff",
    SeniorStaff = "senior_staff",
    PreferNotToDisclose = "prefer_not_to_disclose",
});

string_enum!(Pronouns {
    She = "SHE",
    He = "HE",
    They = "THEY",
    NotDisclose = "NOT_DISCLOSE",
});

string_enum!(FindAboutBy {
    SearchEngine = "SEARCH_ENGINE",
    RecommendedByFriend = "RECOMMENDED_BY_FRIEND",
    SocialMedia = "SOCIAL_MEDIA",
    BlogOrPublication = "BLOG_OR_PUBLICATION",
    Other = "OTHER",
});

string_enum!(
    /// Race is a list of these answers, `prefer_not_to_disclose` by default;
    /// these are the answers the forms offer.
    Race {
        AmericanIndianOrAlaskaNative = "american_indian_or_alaska_native",
        Asian = "asian",
        BlackOrAfricanAmerican = "black_or_african_american",
        HispanicOrLatino = "hispanic_or_latino",
        MiddleEasternOrNorthAfrican = "middle_eastern_or_north_african",
        NativeHawaiianOrPacificIslander = "native_hawaiian_or_pacific_islander",
        White = "white",
        Other = "other",
        PreferNotToDisclose = "prefer_not_to_disclose",
    }
);

string_enum!(LookingFor {
    WantToFundResearch = "want_to_fund_research",
    LookingForFunding = "looking_for_funding",
    InterestedInCollaboration = "interested_in_collaboration",
    LookingForHelp = "looking_for_help",
    WantToHelp = "want_to_help",
    WantParticipate = "want_participate",
});

string_enum!(
    /// At most two per profile.
    ProfileTag {
        MedicalDoctor = "MEDICAL_DOCTOR",
        ClinicalResearcher = "CLINICAL_RESEARCHER",
        AlliedHealthcareProfessional = "ALLIED_HEALTHCARE_PROFESSIONAL",
        Caregiver = "CAREGIVER",
        Survivor = "SURVIVOR",
        Other = "OTHER",
    }
);

string_enum!(
    /// How a notification reaches the user.
    DeliveryMethod {
        InApp = "in_app",
        Email = "email",
    }
);

string_enum!(AffiliationStatus {
    Approved = "approved",
    NotApproved = "not_approved",
});

string_enum!(
    /// How far a member's university affiliation got (spec 1 §4's status messages).
    AffiliationProgress {
        /// Staff approved it.
        Approved = "approved",
        /// No university e-mail given yet.
        NeedsEmail = "needs_email",
        /// The university e-mail waits for its confirmation link.
        NeedsConfirmation = "needs_confirmation",
        /// Confirmed: staff review it next.
        PendingModeration = "pending_moderation",
    }
);

string_enum!(
    /// The staff console's affiliation lists: waiting for review, or approved.
    AffiliationQueue {
        Pending = "pending",
        Approved = "approved",
        Rejected = "rejected",
    }
);

string_enum!(
    /// Where an account stands, as the staff console shows it.
    AccountState {
        Active = "active",
        /// Signed up, e-mail (or phone) not yet confirmed.
        Unconfirmed = "unconfirmed",
        /// Switched off by staff: cannot sign in, sessions ended.
        Deactivated = "deactivated",
    }
);

string_enum!(
    /// The staff console's user filter by role.
    RoleFilter {
        Member = "member",
        Staff = "staff",
        Admin = "admin",
        Moderator = "moderator",
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_round_trip_and_match_serde() {
        for gender in Gender::ALL {
            assert_eq!(Gender::parse(gender.as_str()), Some(*gender));
            assert_eq!(serde_json::to_value(gender).unwrap(), gender.as_str());
        }
        assert_eq!(AgeGroup::parse("60_to_older"), Some(AgeGroup::SixtyOrOlder));
        assert_eq!(LookingFor::parse("nope"), None);
    }
}
