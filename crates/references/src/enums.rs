//! The crate's enumerations, defined once for the database, the contract and the client.

kernel::string_enum!(
    /// Which scheme an identifier belongs to: a ClinicalTrials.gov registration (`NCT` and
    /// 8 digits), an ISRCTN registration (`ISRCTN` and 8 digits), a DOI (`10.` registrant
    /// `/` suffix) or a PubMed id (1 to 8 digits).
    IdentifierKind {
        Nct = "nct",
        Isrctn = "isrctn",
        Doi = "doi",
        Pmid = "pmid",
    }
);

kernel::string_enum!(
    /// What kind of place links references.
    PlaceType {
        Group = "group",
        Project = "project",
    }
);
