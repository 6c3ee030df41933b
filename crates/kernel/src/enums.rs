//! `string_enum!`: an enumeration whose values travel as fixed strings. Each crate declares
//! its own enumerations with it, once; serde and utoipa see the same texts, so the contract
//! and the client's types agree with the server.

#[macro_export]
macro_rules! string_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:tt),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash,
            ::serde::Serialize, ::serde::Deserialize, ::utoipa::ToSchema,
            ::sea_orm::EnumIter, ::sea_orm::DeriveActiveEnum,
        )]
        // Stored as its text: an entity's column of this type reads only these values, and
        // any other text in the database is an error when read, never a silent fallback.
        #[sea_orm(rs_type = "String", db_type = "Text")]
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $text)] #[sea_orm(string_value = $text)] $variant),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub const fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            pub fn parse(text: &str) -> Option<Self> {
                match text { $($text => Some($name::$variant),)+ _ => None }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use sea_orm::ActiveEnum;

    string_enum!(Colour {
        Red = "red",
        DarkBlue = "dark_blue",
    });

    #[test]
    fn a_column_reads_and_writes_the_same_texts_as_the_contract() {
        for colour in Colour::ALL {
            assert_eq!(colour.to_value(), colour.as_str());
            assert_eq!(
                Colour::try_from_value(&colour.to_value()).ok(),
                Some(*colour)
            );
            let json = serde_json::to_value(colour).unwrap_or_default();
            assert_eq!(json, colour.as_str());
        }
    }

    #[test]
    fn an_unknown_stored_value_is_an_error_not_a_fallback() {
        assert!(Colour::try_from_value(&"green".to_owned()).is_err());
        assert!(Colour::try_from_value(&String::new()).is_err());
    }
}
