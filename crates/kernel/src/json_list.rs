//! `JsonList<T>`: a list kept in one text column as JSON (a member's interests, a post's
//! tags), typed on the entity. It is parsed once, where the row is read: a stored list that
//! is not a list of `T` is a database error there, never an empty list somewhere later.

use sea_orm::sea_query::{ArrayType, ColumnType, Nullable, Value, ValueType, ValueTypeErr};
use sea_orm::{ColIdx, DbErr, QueryResult, TryGetError, TryGetable};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct JsonList<T>(pub Vec<T>);

impl<T> JsonList<T> {
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<T> Default for JsonList<T> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<T> From<Vec<T>> for JsonList<T> {
    fn from(items: Vec<T>) -> Self {
        Self(items)
    }
}

impl<T> std::ops::Deref for JsonList<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T: Serialize> From<JsonList<T>> for Value {
    fn from(list: JsonList<T>) -> Value {
        // Serialising plain values into JSON cannot fail; an empty list is the safe text.
        Value::String(Some(
            serde_json::to_string(&list.0).unwrap_or_else(|_| "[]".to_owned()),
        ))
    }
}

impl<T> Nullable for JsonList<T> {
    fn null() -> Value {
        Value::String(None)
    }
}

impl<T: DeserializeOwned> ValueType for JsonList<T> {
    fn try_from(value: Value) -> Result<Self, ValueTypeErr> {
        match value {
            Value::String(Some(text)) => serde_json::from_str(&text).map_err(|_| ValueTypeErr),
            _ => Err(ValueTypeErr),
        }
    }

    fn type_name() -> String {
        "JsonList".to_owned()
    }

    fn array_type() -> ArrayType {
        ArrayType::String
    }

    fn column_type() -> ColumnType {
        ColumnType::Text
    }
}

impl<T: DeserializeOwned> TryGetable for JsonList<T> {
    fn try_get_by<I: ColIdx>(res: &QueryResult, index: I) -> Result<Self, TryGetError> {
        let text = String::try_get_by(res, index)?;
        serde_json::from_str(&text).map_err(|e| {
            TryGetError::DbErr(DbErr::Type(format!(
                "a stored list is not what it should be: {e}"
            )))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_is_stored_as_its_json_text_and_read_back() {
        let list = JsonList(vec![3_i64, 1]);
        let stored: Value = list.clone().into();
        assert_eq!(stored, Value::String(Some("[3,1]".to_owned())));
        assert_eq!(
            <JsonList<i64> as ValueType>::try_from(stored).ok(),
            Some(list)
        );
    }

    #[test]
    fn text_that_is_not_a_list_of_the_type_is_refused() {
        let stored = Value::String(Some("[\"three\"]".to_owned()));
        assert!(<JsonList<i64> as ValueType>::try_from(stored).is_err());
        let stored = Value::String(Some("not json".to_owned()));
        assert!(<JsonList<String> as ValueType>::try_from(stored).is_err());
    }
}
