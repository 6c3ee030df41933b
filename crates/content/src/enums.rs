//! The enumerations of the content crate (spec 2 §3), defined once here.

use kernel::string_enum;

string_enum!(
    /// How a page's title is placed; `NONE` hides it.
    TitleAlign {
        None = "NONE",
        Center = "CENTER",
        Right = "RIGHT",
        Left = "left",
    }
);

string_enum!(
    /// The menus the site shows: the header's, and the prize pages' own.
    MenuName {
        Main = "main",
        Lgp = "lgp",
    }
);

string_enum!(
    /// Where a banner shows.
    BannerPlacement {
        Dashboard = "dashboard",
        Certificates = "certificates",
    }
);

string_enum!(
    /// Blog list orderings: newest first (default), oldest first, by title.
    BlogOrdering {
        Newest = "-created_at",
        Oldest = "created_at",
        Title = "title",
    }
);

string_enum!(
    /// The languages a lecture's captions may be in (ISO 639-1); the player names each
    /// in its own language.
    CaptionLanguage {
        Arabic = "ar",
        German = "de",
        English = "en",
        Spanish = "es",
        French = "fr",
        Hindi = "hi",
        Italian = "it",
        Japanese = "ja",
        Dutch = "nl",
        Polish = "pl",
        Portuguese = "pt",
        Russian = "ru",
        Ukrainian = "uk",
        Chinese = "zh",
    }
);
